package org.maintd.cli.command;

import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.client.ApiException;
import org.maintd.protocol.api.IncidentView;

/**
 * An incident named on the command line: its uuid, or the name of its node, which stands for the
 * one incident of that node that fits the command (the one to acknowledge, to cancel, ...). A node
 * with none or several such incidents is an error that lists them.
 */
final class IncidentRef {
  private IncidentRef() {}

  static String resolve(ApiClient client, String ref, String wanted, Predicate<IncidentView> fits) {
    if (isUuid(ref)) {
      return ref;
    }
    List<IncidentView> mine =
        client.get("/1/status", ApiCommand.INCIDENTS).stream()
            .filter(i -> ref.equalsIgnoreCase(i.node()))
            .toList();
    List<IncidentView> fitting = mine.stream().filter(fits).toList();
    if (fitting.size() == 1) {
      return fitting.get(0).uuid();
    }
    if (mine.isEmpty()) {
      throw new ApiException(
          "no incident on a node named "
              + ref
              + " (give an incident uuid or a node name; see maintctl status)");
    }
    String kind = wanted.isEmpty() ? "" : wanted + " ";
    String listed =
        " ("
            + String.join(", ", mine.stream().map(i -> i.uuid() + " " + i.repairStatus()).toList())
            + ")";
    if (!fitting.isEmpty()) {
      throw new ApiException(
          ref + " has several " + kind + "incidents" + listed + "; give the uuid");
    }
    throw new ApiException(
        ref
            + " has no "
            + kind
            + "incident"
            + listed
            + (mine.stream().anyMatch(IncidentRef::active)
                ? "; one is under way: try again once it has ended (maintctl status shows where it"
                    + " stands)"
                : "; nothing to do (maintctl status shows them all)"));
  }

  static boolean isUuid(String text) {
    try {
      return UUID.fromString(text).toString().equalsIgnoreCase(text);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  static boolean active(IncidentView incident) {
    return List.of("noted", "pending").contains(incident.repairStatus());
  }

  static boolean finished(IncidentView incident) {
    return List.of("completed", "failed").contains(incident.repairStatus());
  }
}
