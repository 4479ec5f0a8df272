package org.maintd.rehearse;

import java.time.Duration;

/**
 * How far apart a daemon's ticks come: after each tick it waits the poll interval ({@code poll}),
 * so a tick comes every poll interval plus the time a tick takes ({@code tick}, as measured on the
 * daemon: reading the cluster and the collectors, planning). Immutable.
 */
public record Cadence(Duration poll, Duration tick) {
  public Cadence {
    if (poll.isNegative() || tick.isNegative()) {
      throw new IllegalArgumentException("ticks " + poll + " apart, taking " + tick);
    }
  }

  /** The time from one tick to the next. */
  public Duration every() {
    return poll.plus(tick);
  }

  /** What it is, in an operator's words. */
  public String says() {
    String every = "a tick every " + Assumptions.seconds(every());
    return tick.isZero()
        ? every + ", the poll interval (pollInterval)"
        : every
            + ": the poll interval (pollInterval, "
            + Assumptions.seconds(poll)
            + ") after each tick, and "
            + Assumptions.seconds(tick)
            + " a tick took on average on the daemon (reading the cluster and the collectors,"
            + " planning)";
  }
}
