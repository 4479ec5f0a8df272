package org.maintd.reboot;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a node is taken down: {@code SOFT}, by the node itself (its collector's whitelisted command,
 * or the backend's soft path); {@code HARD}, through the cluster's power control. Hard wins when
 * both are asked for.
 */
public enum RebootMode {
  SOFT,
  HARD;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode named {@code text} ({@code soft} or {@code hard}); an error naming it otherwise. */
  public static RebootMode parse(String text) {
    return Arrays.stream(values())
        .filter(m -> m.wireName().equals(text))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("mode must be soft or hard, not \"" + text + "\""));
  }

  /** The harder of this and {@code other}. */
  public RebootMode and(RebootMode other) {
    return this == HARD || other == HARD ? HARD : SOFT;
  }
}
