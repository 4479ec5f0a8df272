package org.maintd.daemon.simulation;

import java.util.List;
import java.util.Map;

/** How a failed run is told: what broke, the command that replays it, and the events before it. */
final class SimulationReport {
  private SimulationReport() {}

  static String failure(Simulation.Result r, int steps) {
    return "seed "
        + r.seed()
        + (r.mode() == Simulation.Mode.MIXED ? "" : " (mode " + r.mode().wireName() + ")")
        + " broke an invariant at step "
        + r.steps()
        + " of "
        + steps
        + ": "
        + r.violation()
        + "\nreplay it: scripts/simulate --seed "
        + r.seed()
        + " --steps "
        + steps
        + (r.mode() == Simulation.Mode.MIXED ? "" : " --mode " + r.mode().wireName())
        + " --trace"
        + "\nthe last events:\n  "
        + String.join("\n  ", r.trace());
  }

  /** One run in a line; outside the mixed mode, with what the planner waited for. */
  static String summary(Simulation.Result r) {
    return "seed "
        + r.seed()
        + (r.mode() == Simulation.Mode.MIXED ? "" : " (mode " + r.mode().wireName() + ")")
        + ": "
        + (r.ok() ? "ok" : "FAILED")
        + "; "
        + r.steps()
        + " steps, "
        + r.ticks()
        + " ticks, "
        + r.jobs()
        + " jobs, "
        + r.writes()
        + " state writes, "
        + r.restarts()
        + " restarts, crashes "
        + r.crashes()
        + (r.mode() == Simulation.Mode.MIXED ? "" : "; " + waits(r.waited()));
  }

  /** How many steps something waited for memory, a group's cap and a failure domain's cap. */
  static String waits(Map<String, Integer> waited) {
    return "waited for "
        + String.join(
            ", ",
            List.of(
                    Simulation.WAITED_MEMORY,
                    Simulation.WAITED_GROUP_CAP,
                    Simulation.WAITED_DOMAIN_CAP)
                .stream()
                .map(k -> k + " in " + waited.getOrDefault(k, 0))
                .toList())
        + " step(s)";
  }
}
