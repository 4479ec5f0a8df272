package org.maintd.daemon.backend.sim.rehearse;

import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.round.Settings;

/**
 * The daemon's rehearsals as the tests play them, without a daemon: the default round settings, 2 s
 * per operation and none per GiB, a poll every 30 s, at most 100 ticks; by default no alert
 * interlock, and the daemon's view at a rehearsal's end the one it played. Stateless.
 */
public final class TestRehearsals {
  private TestRehearsals() {}

  /**
   * Rehearsals that start at the time {@code clock} says, whose ticks read the alert interlock from
   * {@code alerts}, and that end on the view {@code published} gives then.
   */
  public static Rehearsals on(Clock clock, AlertSource alerts, Supplier<DaemonView> published) {
    return new Rehearsals(
        new Stage(
            Settings.defaults(),
            new SimSettings(null, null, Duration.ofSeconds(2), Duration.ZERO),
            Duration.ofSeconds(30),
            alerts,
            100),
        clock,
        published);
  }

  /** Rehearsals that start at the time {@code clock} says and end on {@code view}. */
  public static Rehearsals on(Clock clock, DaemonView view) {
    return on(clock, AlertSource.none(), () -> view);
  }
}
