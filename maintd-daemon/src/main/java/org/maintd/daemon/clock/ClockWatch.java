package org.maintd.daemon.clock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.runner.ClockSteps;

/**
 * Sees the wall clock stepped: at each {@link #check} it compares how far the wall clock moved
 * since the last check with how far the monotonic clock did. A difference larger than the {@code
 * threshold} is a step: {@code CLOCK_STEPPED} is raised ({@code "forward 3600 s at ..."}, {@code
 * "back 600 s at ..."}); it clears once no step has been seen for the {@code quiet} period,
 * measured on the monotonic clock. A slewing NTP moves the wall clock by at most 0.5 ms a second
 * and is never taken for a step. The steps seen are summed until the round {@link #take}s them, to
 * move its running waits by as much. Thread-safe.
 */
public final class ClockWatch implements ClockSteps {
  private final Clock wall;
  private final Ticker ticker;
  private final Faults faults;
  private final Duration threshold;
  private final Duration quiet;
  private Instant lastWall;
  private long lastNanos;
  private long steppedAtNanos;
  private boolean stepped;
  private Duration pending = Duration.ZERO;

  /**
   * A watch of {@code wall} against {@code ticker}, telling {@code faults}: a difference over
   * {@code threshold} between two checks is a step, cleared after {@code quiet} without another.
   */
  public ClockWatch(Clock wall, Ticker ticker, Faults faults, Duration threshold, Duration quiet) {
    this.wall = wall;
    this.ticker = ticker;
    this.faults = faults;
    this.threshold = threshold;
    this.quiet = quiet;
    this.lastWall = wall.instant();
    this.lastNanos = ticker.nanos();
  }

  /**
   * The watch a daemon polling every {@code pollInterval} keeps: a step is more than a poll
   * interval and a second (a smaller one moves no deadline by more than one tick, which every timer
   * already allows for), and it clears after ten poll intervals without another (a scrape that
   * missed it still sees {@code maintd_faults_total} count it).
   */
  public static ClockWatch forPolling(
      Clock wall, Ticker ticker, Faults faults, Duration pollInterval) {
    return new ClockWatch(wall, ticker, faults, threshold(pollInterval), quiet(pollInterval));
  }

  /** What is taken for a step when polling every {@code pollInterval}. */
  public static Duration threshold(Duration pollInterval) {
    return pollInterval.plusSeconds(1);
  }

  /** How long a step stays shown when polling every {@code pollInterval}. */
  public static Duration quiet(Duration pollInterval) {
    return pollInterval.multipliedBy(10);
  }

  /**
   * How often the clocks are compared when polling every {@code pollInterval}: every quarter of a
   * poll interval, but at least once a second and at most once every 50 ms, so that a step shows
   * well within a poll interval even on a busy machine.
   */
  public static Duration checkEvery(Duration pollInterval) {
    long quarter = pollInterval.toMillis() / 4;
    return Duration.ofMillis(Math.max(50, Math.min(1000, quarter)));
  }

  /** Compares the two clocks since the last check; raises or clears {@code CLOCK_STEPPED}. */
  public synchronized void check() {
    Instant now = wall.instant();
    long nanos = ticker.nanos();
    Duration step = Duration.between(lastWall, now).minus(Duration.ofNanos(nanos - lastNanos));
    if (step.abs().compareTo(threshold) > 0) {
      stepped = true;
      steppedAtNanos = nanos;
      pending = pending.plus(step);
      faults.raise(FaultKind.CLOCK_STEPPED, describe(step, now));
    } else if (stepped && nanos - steppedAtNanos >= quiet.toNanos()) {
      stepped = false;
      faults.clear(FaultKind.CLOCK_STEPPED);
    }
    lastWall = now;
    lastNanos = nanos;
  }

  /**
   * The steps seen since the last take, this one included: the clocks are compared first, so that a
   * tick that reads the wall clock after a step is told of it even before the next scheduled check.
   */
  @Override
  public synchronized Duration take() {
    check();
    Duration seen = pending;
    pending = Duration.ZERO;
    return seen;
  }

  private static String describe(Duration step, Instant now) {
    return (step.isNegative() ? "back " : "forward ")
        + Math.round(step.abs().toMillis() / 1000.0)
        + " s at "
        + now.truncatedTo(ChronoUnit.SECONDS)
        + " (the wall clock against the monotonic clock)";
  }
}
