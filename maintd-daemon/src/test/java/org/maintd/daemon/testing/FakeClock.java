package org.maintd.daemon.testing;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.maintd.daemon.clock.ManualClock;
import org.maintd.daemon.clock.Ticker;

/**
 * A clock that stands still until a test advances it: the wall clock and the monotonic clock
 * ({@link Ticker}) together ({@link #advance}), or the wall clock alone ({@link #step}), as a
 * stepped clock moves. Thread-safe.
 */
public final class FakeClock extends ManualClock implements Ticker {
  private final AtomicLong nanos = new AtomicLong();

  public FakeClock(Instant start) {
    super(start);
  }

  /** Time passes: both clocks move by {@code d}. */
  public void advance(Duration d) {
    nanos.addAndGet(d.toNanos());
    set(instant().plus(d));
  }

  /** The wall clock is stepped by {@code d} (back when negative); the monotonic one stays. */
  public void step(Duration d) {
    set(instant().plus(d));
  }

  @Override
  public long nanos() {
    return nanos.get();
  }
}
