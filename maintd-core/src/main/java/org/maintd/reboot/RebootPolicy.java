package org.maintd.reboot;

import java.time.Duration;

/**
 * How reboots are carried out here: after how long a soft power-off that has not taken effect falls
 * back to hard ({@code softTimeout}), how long a node may take to come back ({@code bootTimeout}),
 * whether a hard path exists (the cluster's power control) and whether the backend can power a node
 * off and on again ({@code powerControl}; without it a held node is rebooted, then kept offline and
 * drained until released).
 */
public record RebootPolicy(
    Duration softTimeout, Duration bootTimeout, boolean hardPath, boolean powerControl) {
  public RebootPolicy {
    if (softTimeout.isNegative() || softTimeout.isZero()) {
      throw new IllegalArgumentException("reboot.softTimeout must be positive, not " + softTimeout);
    }
    if (bootTimeout.isNegative() || bootTimeout.isZero()) {
      throw new IllegalArgumentException("reboot.bootTimeout must be positive, not " + bootTimeout);
    }
  }

  /** Five minutes for a soft power-off, fifteen to come back, a hard path and power control. */
  public static RebootPolicy defaults() {
    return new RebootPolicy(Duration.ofMinutes(5), Duration.ofMinutes(15), true, true);
  }
}
