package org.maintd.daemon.backend.sim;

/** An operation the simulated cluster refuses, with a message in the spirit of Ganeti's. */
public final class SimFailure extends RuntimeException {
  public SimFailure(String message) {
    super(message);
  }
}
