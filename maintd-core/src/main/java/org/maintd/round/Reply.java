package org.maintd.round;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The answer to a command. A closed set. */
public sealed interface Reply {
  /** Done; {@code value} is what to answer. */
  record Done(Object value) implements Reply {}

  /** Refused, and why. */
  record Refused(Refusal kind, String message) implements Reply {}

  /**
   * Done once the effects with {@code keys} have been carried out: {@code value} makes the answer
   * from their outcomes. If one of them failed, the answer is that failure.
   */
  record AfterEffects(List<String> keys, Function<Map<String, Outcome>, Object> value)
      implements Reply {
    public AfterEffects {
      keys = List.copyOf(keys);
    }
  }
}
