package org.maintd.daemon.runner;

import org.maintd.guard.AlertState;

/**
 * Where alert states come from. A tick reads one from the alert interlock's part, which answers at
 * once with its last answer; the part itself reads Prometheus, waiting for its answer. It never
 * throws: what cannot be read is an {@link AlertState.Unknown} with the reason.
 */
public interface AlertSource {
  AlertState read();

  /** No interlock: always quiet. */
  static AlertSource none() {
    return AlertState::quiet;
  }
}
