package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.diagnose.DiagnoseFormatException;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.diagnose.Diagnosis;
import org.maintd.protocol.text.ClientText;
import org.maintd.rehearse.Act;

/**
 * The body of {@code POST /1/rehearsals}: the {@code action} to rehearse ({@code drain}, {@code
 * reboot}, {@code diagnose}) and the {@code node} it is about; a reboot's request in {@code reboot}
 * (the body of {@code POST /1/nodes/<node>/reboot}, every field optional); a diagnosis's {@code
 * status} ({@code evacuate} or {@code evacuate-failover}). Each is refused with an {@link
 * IllegalArgumentException} naming the field. Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RehearsalBody(String action, String node, RebootBody reboot, String status) {
  /** The actions a rehearsal plays. */
  public static final List<String> ACTIONS = List.of("drain", "reboot", "diagnose");

  /** The node the body names, a hostname; {@link IllegalArgumentException} when it is none. */
  public String named() {
    if (node == null || node.isEmpty()) {
      throw new IllegalArgumentException("'node' is missing: the node the action is about");
    }
    return ClientText.HOSTNAME.check("node", node);
  }

  /**
   * What to rehearse on {@code node} (the cluster's own name of the node named), by {@code who}.
   */
  public Act act(String node, String who) {
    String kind = kind();
    if (reboot != null && !kind.equals("reboot")) {
      throw new IllegalArgumentException(
          "'reboot' goes with the action reboot only, not with " + kind);
    }
    if (status != null && !kind.equals("diagnose")) {
      throw new IllegalArgumentException(
          "'status' goes with the action diagnose only, not with " + kind);
    }
    return switch (kind) {
      case "drain" -> new Act.Drain(node, who);
      case "reboot" ->
          new Act.Reboot(
              (reboot == null ? new RebootBody(null, null, null, null, null) : reboot)
                  .ask(node, who));
      default -> new Act.Diagnose(node, diagnosis());
    };
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
