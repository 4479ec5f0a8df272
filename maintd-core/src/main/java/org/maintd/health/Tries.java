package org.maintd.health;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How many attempts of one kind were made, and when the last one was ({@code count} 0: none).
 * Immutable.
 */
public record Tries(int count, Instant last) {
  public static final Tries NONE = new Tries(0, Instant.EPOCH);

  public Tries {
    if (count < 0) {
      throw new IllegalArgumentException("an attempt count cannot be negative, not " + count);
    }
  }

  /** One more attempt, made {@code at}. */
  public Tries next(Instant at) {
    return new Tries(count + 1, at);
  }

  /**
   * These attempts with the last one {@code step} later (a step of the wall clock); none stay none.
   */
  public Tries movedBy(Duration step) {
    return any() ? new Tries(count, last.plus(step)) : this;
  }

  public boolean any() {
    return count > 0;
  }

  /**
   * When the next attempt is due, if that is after {@code now}: {@code interval} after the last
   * one. Empty when it may be made at {@code now} (at once with no attempt made).
   */
  public Optional<Instant> dueAfter(Instant now, Duration interval) {
    Instant due = last.plus(interval);
    return any() && now.isBefore(due) ? Optional.of(due) : Optional.empty();
  }
}
