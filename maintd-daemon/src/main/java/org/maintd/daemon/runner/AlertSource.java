package org.maintd.daemon.runner;

import org.maintd.guard.AlertState;

/**
 * Where a tick's alert state comes from: the alert interlock's server, read once per tick. It never
 * throws: what cannot be read is an {@link AlertState.Unknown} with the reason.
 */
public interface AlertSource {
  AlertState read();

  /** No interlock: always quiet. */
  static AlertSource none() {
    return AlertState::quiet;
  }
}
