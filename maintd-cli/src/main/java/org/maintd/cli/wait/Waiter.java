package org.maintd.cli.wait;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Waits for work to end: looks at it, shows the look's line, and looks again {@code every} so long
 * until a look says it has ended or the timeout has passed. Time comes from the clock and passes
 * through the sleeper given, so that a test drives it without sleeping. The first look is taken at
 * once; the last is taken at the timeout, not after it. Not thread-safe (one wait at a time, on the
 * caller's thread).
 */
public final class Waiter {
  private final Clock clock;
  private final Sleeper sleeper;
  private final Duration every;
  private final ProgressLine progress;

  public Waiter(Clock clock, Sleeper sleeper, Duration every, ProgressLine progress) {
    if (every.isNegative() || every.isZero()) {
      throw new IllegalArgumentException("a wait looks again after some time, not " + every);
    }
    this.clock = clock;
    this.sleeper = sleeper;
    this.every = every;
    this.progress = progress;
  }

  /**
   * The end of the work {@code look} looks at, once it has ended; {@link WaitTimedOut} when it has
   * not within {@code timeout}, {@link WorkFailed} when the thread is interrupted meanwhile.
   */
  public <T> Look.Ended<T> until(Duration timeout, Supplier<Look<T>> look) {
    Instant end = clock.instant().plus(timeout);
    try {
      while (true) {
        Look<T> seen = look.get();
        progress.show(seen);
        if (seen instanceof Look.Done<T> done) {
          return done;
        }
        if (seen instanceof Look.Failed<T> failed) {
          return failed;
        }
        Duration left = Duration.between(clock.instant(), end);
        if (left.isNegative() || left.isZero()) {
          throw new WaitTimedOut(timeout, seen.line());
        }
        pause(left.compareTo(every) < 0 ? left : every, seen);
      }
    } finally {
      progress.end();
    }
  }

  private void pause(Duration duration, Look<?> last) {
    try {
      sleeper.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkFailed(
          "interrupted while waiting; the work goes on, it was at: " + last.line());
    }
  }
}
