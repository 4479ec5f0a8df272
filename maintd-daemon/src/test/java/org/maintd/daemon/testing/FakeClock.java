package org.maintd.daemon.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.maintd.daemon.clock.Ticker;

/**
 * A clock that stands still until a test advances it: the wall clock and the monotonic clock
 * ({@link Ticker}) together ({@link #advance}), or the wall clock alone ({@link #step}), as a
 * stepped clock moves. Thread-safe.
 */
public final class FakeClock extends Clock implements Ticker {
  private volatile Instant now;
  private final AtomicLong nanos = new AtomicLong();

  public FakeClock(Instant start) {
    now = start;
  }

  /** Time passes: both clocks move by {@code d}. */
  public void advance(Duration d) {
    nanos.addAndGet(d.toNanos());
    now = now.plus(d);
  }

  /** The wall clock is stepped by {@code d} (back when negative); the monotonic one stays. */
  public void step(Duration d) {
    now = now.plus(d);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public long nanos() {
    return nanos.get();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
