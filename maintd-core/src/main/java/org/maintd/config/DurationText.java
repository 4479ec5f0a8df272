package org.maintd.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as configuration files write them: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h},
 * {@code 2d}.
 */
public final class DurationText {
  private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h|d)");

  private DurationText() {}

  public static Duration parse(String text) {
    Matcher m = FORMAT.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration (a number followed by ms, s, m, h or d, e.g. 30s)");
    }
    double value = Double.parseDouble(m.group(1));
    double millis =
        switch (m.group(2)) {
          case "ms" -> value;
          case "s" -> value * 1000;
          case "m" -> value * 60_000;
          case "h" -> value * 3_600_000;
          default -> value * 86_400_000;
        };
    return Duration.ofMillis(Math.round(millis));
  }

  public static String format(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
  }
}
