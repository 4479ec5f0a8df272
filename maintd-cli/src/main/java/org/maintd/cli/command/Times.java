package org.maintd.cli.command;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Seconds since the epoch, as the API gives them, in a form people read. */
final class Times {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

  private Times() {}

  static String format(Double seconds) {
    if (seconds == null) {
      return "-";
    }
    return FORMAT.format(Instant.ofEpochMilli(Math.round(seconds * 1000)));
  }
}
