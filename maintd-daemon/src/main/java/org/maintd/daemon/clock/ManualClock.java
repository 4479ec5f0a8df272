package org.maintd.daemon.clock;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A wall clock that stands still until it is set: a rehearsal's, moved on by its play at
 * accelerated time, and the tests'. Always UTC. Thread-safe: its time is read and set atomically.
 */
public class ManualClock extends Clock {
  private volatile Instant now;

  public ManualClock(Instant start) {
    now = start;
  }

  /** The clock reads {@code at} from now on. */
  public void set(Instant at) {
    now = at;
  }

  @Override
  public Instant instant() {
    return now;
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
