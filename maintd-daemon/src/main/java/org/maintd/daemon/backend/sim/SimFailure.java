package org.maintd.daemon.backend.sim;

/** An operation the simulated cluster refuses, with a message in the spirit of Ganeti's. */
final class SimFailure extends RuntimeException {
  SimFailure(String message) {
    super(message);
  }
}
