package org.maintd.daemon.simulation;

/** How a failed run is told: what broke, the command that replays it, and the events before it. */
final class SimulationReport {
  private SimulationReport() {}

  static String failure(Simulation.Result r, int steps) {
    return "seed "
        + r.seed()
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
        + " --trace"
        + "\nthe last events:\n  "
        + String.join("\n  ", r.trace());
  }

  static String summary(Simulation.Result r) {
    return "seed "
        + r.seed()
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
        + r.crashes();
  }
}
