package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.diagnose.DiagnoseFormatException;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.diagnose.Diagnosis;
import org.maintd.protocol.text.ClientText;
import org.maintd.rehearse.Act;

/**
 * The body of {@code POST /1/rehearsals}: the {@code action} to rehearse ({@code drain}, {@code
 * reboot}, {@code diagnose}, {@code schedule}, {@code campaign}) and the {@code node} it is about
 * (not for a schedule or a campaign), or a drain's several {@code nodes} (drained all at once); a
 * reboot's request in {@code reboot} (the body of {@code POST /1/nodes/<node>/reboot}, every field
 * optional); a diagnosis's {@code status} ({@code evacuate} or {@code evacuate-failover}); a
 * schedule in {@code schedule} (the body of {@code POST /1/maintenance/schedule}); a campaign's
 * request in {@code campaign} (the body of {@code POST /1/campaigns}, every field optional). Each
 * is refused with an {@link IllegalArgumentException} naming the field. Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RehearsalBody(
    String action,
    String node,
    RebootBody reboot,
    String status,
    ScheduleBody schedule,
    CampaignRequest campaign,
    List<String> nodes) {
  /** The actions a rehearsal plays. */
  public static final List<String> ACTIONS =
      List.of("drain", "reboot", "diagnose", "schedule", "campaign");

  /** The actions about the cluster as a whole: they name no node. */
  private static final List<String> NODELESS = List.of("schedule", "campaign");

  /** A body of the actions about one node. */
  public RehearsalBody(String action, String node, RebootBody reboot, String status) {
    this(action, node, reboot, status, null, null, null);
  }

  /**
   * What to rehearse when the action is about the cluster as a whole (a schedule, a campaign), by
   * {@code who}; empty when it is about one node ({@link #act}).
   */
  public Optional<Act> whole(String who) {
    String kind = kind();
    only("schedule", schedule, "schedule", kind);
    only("campaign", campaign, "campaign", kind);
    if (!NODELESS.contains(kind)) {
      return Optional.empty();
    }
    if (node != null || nodes != null || reboot != null || status != null) {
      throw new IllegalArgumentException(
          "a "
              + kind
              + " is about the cluster as a whole: 'node', 'nodes', 'reboot' and 'status' go"
              + " with drain, reboot and diagnose only");
    }
    if (kind.equals("campaign")) {
      return Optional.of(
          new Act.CampaignStart(
              (campaign == null
                      ? new CampaignRequest(null, null, null, null, null, null, null, null)
                      : campaign)
                  .spec(),
              who));
    }
    if (schedule == null) {
      throw new IllegalArgumentException(
          "'schedule' is missing: the schedule to rehearse, as POST /1/maintenance/schedule"
              + " takes it");
    }
    return Optional.of(new Act.PostedSchedule(schedule.schedule(), who));
  }

  /**
   * The nodes the body names, hostnames: its {@code node}, or a drain's {@code nodes}; {@link
   * IllegalArgumentException} when there is none, both are given, or {@code nodes} is empty, names
   * a node twice or goes with another action.
   */
  public List<String> named() {
    if (nodes == null) {
      if (node == null || node.isEmpty()) {
        throw new IllegalArgumentException("'node' is missing: the node the action is about");
      }
      return List.of(ClientText.HOSTNAME.check("node", node));
    }
    if (node != null) {
      throw new IllegalArgumentException(
          "'node' and 'nodes' are both given: name one node in 'node' or a drain's nodes in"
              + " 'nodes'");
    }
    if (!kind().equals("drain")) {
      throw new IllegalArgumentException(
          "'nodes' goes with the action drain only, not with "
              + kind()
              + ": name its node in"
              + " 'node'");
    }
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("'nodes' is empty: the nodes to drain, one at least");
    }
    Set<String> seen = new HashSet<>();
    for (String n : nodes) {
      if (n == null || n.isEmpty()) {
        throw new IllegalArgumentException("'nodes' holds an empty name: the nodes to drain");
      }
      if (!seen.add(ClientText.HOSTNAME.check("nodes", n))) {
        throw new IllegalArgumentException("'nodes' names " + n + " twice");
      }
    }
    return List.copyOf(nodes);
  }

  /**
   * What to rehearse on {@code known} (the cluster's own names of the nodes {@link #named()}, in
   * its order), by {@code who}.
   */
  public Act act(List<String> known, String who) {
    String node = known.get(0);
    String kind = kind();
    only("reboot", reboot, "reboot", kind);
    only("status", status, "diagnose", kind);
    return switch (kind) {
      case "drain" -> new Act.Drain(known, who);
      case "reboot" ->
          new Act.Reboot(
              (reboot == null ? new RebootBody(null, null, null, null, null) : reboot)
                  .ask(node, who));
      case "diagnose" -> new Act.Diagnose(node, diagnosis());
      default ->
          throw new IllegalArgumentException(
              "a " + kind + " is about the cluster as a whole, not about node " + node);
    };
  }

  /**
   * Refuses {@code field}, {@code given}, that goes with {@code action} only, with {@code kind}.
   */
  private static void only(String field, Object given, String action, String kind) {
    if (given != null && !kind.equals(action)) {
      throw new IllegalArgumentException(
          "'" + field + "' goes with the action " + action + " only, not with " + kind);
    }
  }

  /** The action, one of {@link #ACTIONS}. */
  public String kind() {
    if (action == null || !ACTIONS.contains(action)) {
      throw new IllegalArgumentException(
          (action == null ? "'action' is missing" : "'action' is \"" + action + "\"")
              + ": a rehearsal plays one of "
              + String.join(", ", ACTIONS));
    }
    return action;
  }

  private Diagnosis diagnosis() {
    if (status == null) {
      throw new IllegalArgumentException(
          "'status' is missing: what the node reports, evacuate or evacuate-failover");
    }
    Optional<DiagnoseStatus> parsed;
    try {
      parsed = Optional.of(DiagnoseStatus.parse(status)).filter(DiagnoseStatus::isEvacuation);
    } catch (DiagnoseFormatException e) {
      parsed = Optional.empty();
    }
    DiagnoseStatus s =
        parsed.orElseThrow(
            () ->
                new IllegalArgumentException(
                    "'status' must be evacuate or evacuate-failover, not \""
                        + status
                        + "\": a rehearsal plays an evacuation (a live repair runs a command on"
                        + " the node, which it cannot play)"));
    return new Diagnosis(s, Optional.empty(), Map.of("status", s.wireName()));
  }
}
