package org.maintd.health;

import java.time.Instant;

/** How many attempts of one kind were made, and when the last one was ({@code count} 0: none). */
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

  public boolean any() {
    return count > 0;
  }
}
