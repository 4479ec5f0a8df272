package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import org.maintd.config.DurationText;

/**
 * A duration in a request: seconds ({@code 300}, {@code 0.2}) or text ({@code "5m"}, {@code
 * "200ms"}), written back as it was given.
 */
public record DurationValue(@JsonValue Object given) {
  /** The longest duration a request may ask for. */
  public static final Duration MAX = Duration.ofDays(7);

  @JsonCreator
  public static DurationValue of(Object given) {
    return new DurationValue(given);
  }

  /** The duration; {@link IllegalArgumentException} naming {@code field} and what is wrong. */
  public Duration duration(String field) {
    Duration d;
    if (given instanceof Number n
        && Double.isFinite(n.doubleValue())
        && n.doubleValue() >= 0
        && n.doubleValue() <= MAX.toSeconds()) {
      d = Duration.ofMillis(Math.round(n.doubleValue() * 1000));
    } else if (given instanceof String s) {
      try {
        d = DurationText.parse(s);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("'" + field + "': " + e.getMessage());
      }
    } else {
      throw new IllegalArgumentException(
          "'"
              + field
              + "' must be seconds from 0 to "
              + MAX.toSeconds()
              + " or a duration such as \"5m\", not "
              + given);
    }
    if (d.compareTo(MAX) > 0) {
      throw new IllegalArgumentException("'" + field + "' must be at most 7 days, not " + given);
    }
    return d;
  }
}
