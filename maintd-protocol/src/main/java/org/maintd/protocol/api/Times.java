package org.maintd.protocol.api;

import java.time.Instant;

/**
 * Times on the wire, as Ganeti writes them: seconds since the epoch, with a fraction. Stateless.
 */
public final class Times {
  private Times() {}

  public static double seconds(Instant t) {
    return t.getEpochSecond() + t.getNano() / 1e9;
  }

  /** Like {@link #seconds}, null for no time. */
  public static Double secondsOrNull(Instant t) {
    return t == null ? null : seconds(t);
  }

  public static Instant instant(double seconds) {
    long s = (long) Math.floor(seconds);
    return Instant.ofEpochSecond(s, Math.round((seconds - s) * 1e9));
  }
}
