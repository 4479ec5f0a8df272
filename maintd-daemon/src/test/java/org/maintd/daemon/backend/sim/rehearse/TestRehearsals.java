package org.maintd.daemon.backend.sim.rehearse;

import java.time.Clock;
import java.time.Duration;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.round.Settings;

/**
 * The daemon's rehearsals as the tests play them, without a daemon: the default round settings, 2 s
 * per operation and none per GiB, a poll every 30 s, no alert interlock, at most 100 ticks.
 * Stateless.
 */
public final class TestRehearsals {
  private TestRehearsals() {}

  /** Rehearsals that start at the time {@code clock} says. */
  public static Rehearsals on(Clock clock) {
    return new Rehearsals(
        new Stage(
            Settings.defaults(),
            new SimSettings(null, null, Duration.ofSeconds(2), Duration.ZERO),
            Duration.ofSeconds(30),
            AlertSource.none(),
            100),
        clock);
  }
}
