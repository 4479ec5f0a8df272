package org.maintd.daemon.backend.sim.rehearse;

import java.time.Duration;
import java.util.function.Supplier;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.round.Settings;

/**
 * What every rehearsal of a daemon plays with: the round's settings (the leader's own), the
 * simulated cluster's job durations and boot time, the poll interval the daemon ticks at, where the
 * alert interlock's last answer is read, the most ticks a rehearsal plays, the cluster it stands
 * for ({@link RealCluster}: its job history, whose durations take the place of the simulated
 * cluster's, and the operations it would refuse), and how long a tick of the daemon takes as
 * measured (the daemon waits the poll interval after each tick, so that its rounds come that much
 * further apart than the poll interval). Immutable.
 */
public record Stage(
    Settings settings,
    SimSettings sim,
    Duration poll,
    AlertSource alerts,
    int maxTicks,
    RealCluster real,
    Supplier<Duration> tickTime) {
  /** The most ticks a rehearsal plays unless told otherwise. */
  public static final int MAX_TICKS = 5_000;

  public Stage {
    if (maxTicks < 1) {
      throw new IllegalArgumentException("a rehearsal plays at least one tick, not " + maxTicks);
    }
  }

  /**
   * A stage of the simulated cluster as it is (no job history: its settings' job durations for
   * every kind; no operation refused beyond its own checks) whose ticks take no time.
   */
  public Stage(
      Settings settings, SimSettings sim, Duration poll, AlertSource alerts, int maxTicks) {
    this(settings, sim, poll, alerts, maxTicks, RealCluster.NONE, () -> Duration.ZERO);
  }
}
