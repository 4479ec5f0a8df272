package org.maintd.daemon.backend.sim.rehearse;

import java.time.Duration;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.round.Settings;

/**
 * What every rehearsal of a daemon plays with: the round's settings (the leader's own), the
 * simulated cluster's job durations and boot time, the poll interval the daemon ticks at, where the
 * alert interlock's last answer is read, and the most ticks a rehearsal plays. Immutable.
 */
public record Stage(
    Settings settings, SimSettings sim, Duration poll, AlertSource alerts, int maxTicks) {
  /** The most ticks a rehearsal plays unless told otherwise. */
  public static final int MAX_TICKS = 5_000;

  public Stage {
    if (maxTicks < 1) {
      throw new IllegalArgumentException("a rehearsal plays at least one tick, not " + maxTicks);
    }
  }
}
