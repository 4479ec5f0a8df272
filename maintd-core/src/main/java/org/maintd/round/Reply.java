package org.maintd.round;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The answer to a command whose answer is an {@code R}. A closed set. */
public sealed interface Reply<R> {
  /** Done; {@code value} is what to answer. */
  record Done<R>(R value) implements Reply<R> {}

  /** Refused, and why. */
  record Refused<R>(Refusal kind, String message) implements Reply<R> {}

  /**
   * Done once the effects with {@code keys} have been carried out: {@code value} makes the answer
   * from their outcomes. If one of them failed, the answer is that failure.
   */
  record AfterEffects<R>(List<String> keys, Function<Map<String, Outcome>, R> value)
      implements Reply<R> {
    public AfterEffects {
      keys = List.copyOf(keys);
    }
  }
}
