package org.maintd.daemon.simulation;

/** The daemon's process dies here: the simulation restarts the runner from what was stored. */
final class SimulatedCrash extends RuntimeException {
  SimulatedCrash(String point) {
    super("simulated crash at " + point, null, false, false);
  }
}
