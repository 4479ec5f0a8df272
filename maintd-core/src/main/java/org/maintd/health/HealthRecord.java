package org.maintd.health;

import java.time.Instant;
import java.util.Optional;

/**
 * What maintd remembers of one instance's health: its starts, its shutdowns (after a shutdown from
 * inside), when it gave up starting it, and when it last activated its disks.
 */
public record HealthRecord(
    Tries restarts, Tries cleanups, Optional<Instant> gaveUp, Optional<Instant> disksActivated) {
  public static final HealthRecord EMPTY =
      new HealthRecord(Tries.NONE, Tries.NONE, Optional.empty(), Optional.empty());

  public boolean isEmpty() {
    return equals(EMPTY);
  }

  HealthRecord withRestarts(Tries value) {
    return new HealthRecord(value, cleanups, gaveUp, disksActivated);
  }

  HealthRecord withCleanups(Tries value) {
    return new HealthRecord(restarts, value, gaveUp, disksActivated);
  }

  HealthRecord givenUp(Instant at) {
    return new HealthRecord(restarts.next(at), cleanups, Optional.of(at), disksActivated);
  }

  HealthRecord withoutRestarts() {
    return new HealthRecord(Tries.NONE, cleanups, Optional.empty(), disksActivated);
  }

  HealthRecord disksActivated(Instant at) {
    return new HealthRecord(restarts, cleanups, gaveUp, Optional.of(at));
  }

  /**
   * This record with every time it keeps {@code step} later (a step of the wall clock), so that its
   * retry intervals and expiries last as long as they really have.
   */
  HealthRecord movedBy(java.time.Duration step) {
    return new HealthRecord(
        restarts.movedBy(step),
        cleanups.movedBy(step),
        gaveUp.map(t -> t.plus(step)),
        disksActivated.map(t -> t.plus(step)));
  }

  /**
   * This record without what expired by {@code now}: the starts (and the give-up) {@code expiry}
   * after the last one, the shutdowns and the disk activation the same.
   */
  HealthRecord expired(Instant now, java.time.Duration expiry) {
    Instant limit = now.minus(expiry);
    HealthRecord r = restarts.any() && restarts.last().isBefore(limit) ? withoutRestarts() : this;
    r = r.cleanups.any() && r.cleanups.last().isBefore(limit) ? r.withCleanups(Tries.NONE) : r;
    boolean oldDisks = r.disksActivated.map(t -> t.isBefore(limit)).orElse(false);
    return oldDisks ? new HealthRecord(r.restarts, r.cleanups, r.gaveUp, Optional.empty()) : r;
  }
}
