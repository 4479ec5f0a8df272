package org.maintd.daemon.backend.sim.rehearse;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The clock of one rehearsal: it stands still until the play moves it on, never back. Not
 * thread-safe: one play uses it, on one thread.
 */
final class PlayClock extends Clock {
  private Instant now;

  PlayClock(Instant start) {
    now = start;
  }

  /** Moves the clock on to {@code at}; an earlier time leaves it where it is. */
  void moveTo(Instant at) {
    if (at.isAfter(now)) {
      now = at;
    }
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
