package org.maintd.recovery;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.Observation;

/**
 * The diagnose object a recovered incident keeps, so that its node's next report is the same
 * incident: for one held for an operator whose record kept none, the fault its node reports now;
 * else the object its collector was given, when that can be read; else the fault its node reports
 * now, when it asks for the same action; else one assumed from the action (for a live repair, with
 * the repair's command, {@code unknown} when there is no plain one). Stateless, thread-safe.
 */
final class RecoveredDiagnosis {
  private static final DiagnoseParser PARSER = new DiagnoseParser();

  private RecoveredDiagnosis() {}

  /**
   * The object for the incident of evidence {@code e} and action {@code action}; {@code reported}:
   * what its node reported at the last poll. Throws a {@link
   * org.maintd.diagnose.DiagnoseFormatException} for an {@link TracedAction.Unknown} action that
   * has to be assumed: no diagnose object asks for it.
   */
  static Diagnosis of(Evidence e, TracedAction action, Optional<Observation> reported) {
    Optional<Diagnosis> fault = fault(reported);
    Optional<Map<String, Object>> given =
        e.repair().map(RepairRecord::original).filter(original -> !original.isEmpty());
    if (e.held() && given.isEmpty() && fault.isPresent()) {
      return fault.get();
    }
    Optional<Diagnosis> recorded = given.flatMap(RecoveredDiagnosis::readable);
    if (recorded.isPresent()) {
      return recorded.get();
    }
    if (fault.isPresent() && asks(fault.get(), action)) {
      return fault.get();
    }
    return assumed(e, action);
  }

  /** The diagnose object of {@code reported}, when it is a fault. */
  static Optional<Diagnosis> fault(Optional<Observation> reported) {
    return reported
        .filter(Observation.Fault.class::isInstance)
        .map(o -> ((Observation.Fault) o).diagnosis());
  }

  /** The object a collector was given, when it is a diagnose object. */
  private static Optional<Diagnosis> readable(Map<String, Object> original) {
    try {
      return Optional.of(PARSER.parseCommandOutput(original));
    } catch (RuntimeException unparsable) {
      return Optional.empty(); // what the collector could read of it is no diagnose object
    }
  }

  private static boolean asks(Diagnosis reported, TracedAction action) {
    return action instanceof TracedAction.Named n && reported.status() == n.status();
  }

  private static Diagnosis assumed(Evidence e, TracedAction action) {
    Map<String, Object> assumed = new LinkedHashMap<>();
    assumed.put("status", action.text());
    if (action instanceof TracedAction.Named n && n.status() == DiagnoseStatus.LIVE_REPAIR) {
      String command = e.repair().map(RepairRecord::command).orElse("");
      assumed.put("command", command.matches("[A-Za-z0-9_-]+") ? command : "unknown");
    }
    return PARSER.parseCommandOutput(assumed);
  }
}
