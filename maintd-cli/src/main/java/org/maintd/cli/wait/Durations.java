package org.maintd.cli.wait;

import java.time.Duration;
import java.util.Locale;

/** A duration as maintctl writes it, as it is typed: {@code 90s}, {@code 2m}, {@code 1h30m}. */
public final class Durations {
  private Durations() {}

  public static String text(Duration d) {
    return d.toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
