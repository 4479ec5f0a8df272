package org.maintd.daemon.alerts;

/**
 * The alert interlock's last reading, for the metrics: whether Prometheus answered with alerts, and
 * how many of them hold planned work (counted by the interlock's filter).
 */
public record InterlockStatus(boolean answered, int holding) {
  /** Before the first reading. */
  public static InterlockStatus none() {
    return new InterlockStatus(false, 0);
  }
}
