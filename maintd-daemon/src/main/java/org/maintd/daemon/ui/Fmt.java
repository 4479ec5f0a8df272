package org.maintd.daemon.ui;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** How the page writes times, ages and lists. Stateless. */
public final class Fmt {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter HOUR =
      DateTimeFormatter.ofPattern("MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

  private Fmt() {}

  /** Seconds since the epoch as a UTC time; a dash for none. */
  public static String time(Double seconds) {
    return seconds == null ? "-" : TIME.format(instant(seconds));
  }

  /** An instant as a UTC time. */
  public static String time(Instant at) {
    return TIME.format(at);
  }

  /** An instant as a short UTC day and hour, for the timeline's ticks. */
  public static String hour(Instant at) {
    return HOUR.format(at);
  }

  /** How long before {@code now} the time {@code seconds} was, rounded: "3 s", "5 min", "2 h". */
  public static String age(Double seconds, Instant now) {
    if (seconds == null) {
      return "never";
    }
    Duration d = Duration.between(instant(seconds), now);
    if (d.isNegative()) {
      return "0 s";
    }
    long s = d.toSeconds();
    if (s < 120) {
      return s + " s";
    }
    return s < 7200 ? s / 60 + " min" : s / 3600 + " h";
  }

  /** A number of seconds: to a tenth under 100 ("7.5 s"), whole from there ("150 s"). */
  public static String seconds(double s) {
    return String.format(Locale.ROOT, Math.abs(s) < 100 ? "%.1f s" : "%.0f s", s);
  }

  /** The items, comma-separated; a dash for none. */
  public static String list(List<?> items) {
    return items == null || items.isEmpty()
        ? "-"
        : items.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  /** {@code text}, or {@code otherwise} when it is null or empty (and "" when both are). */
  public static String either(String text, String otherwise) {
    if (text != null && !text.isEmpty()) {
      return text;
    }
    return otherwise == null ? "" : otherwise;
  }

  /** {@code value} as JSON, as the API writes it. */
  public static String json(Object value) {
    return org.maintd.protocol.json.Json.write(value);
  }

  /** A token fit for a CSS class: lower case letters, digits and dashes. */
  public static String token(String text) {
    return text == null ? "" : text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
  }

  private static Instant instant(double seconds) {
    return Instant.ofEpochMilli(Math.round(seconds * 1000));
  }
}
