package org.maintd.plan;

import org.maintd.reboot.RebootPolicy;
import org.maintd.reboot.Reboots;

/** The reboot requests and node cycles a round moves on, and how reboots are carried out. */
public record RebootInput(Reboots reboots, RebootPolicy policy) {
  /** No reboot requests. */
  public static RebootInput none() {
    return new RebootInput(Reboots.empty(), RebootPolicy.defaults());
  }
}
