package org.maintd.daemon.config;

import java.time.Duration;
import org.maintd.reboot.RebootPolicy;

/**
 * Reboot requests: how long a soft power-off may take before it falls back to hard, how long a node
 * may take to come back, whether a hard path exists ({@code hard}) and whether the backend powers
 * nodes off and on ({@code powerControl}): {@code backend} or {@code none}; {@code auto} is the
 * backend's own with the simulated cluster and none with Ganeti (its power-cycle resets a node, and
 * RAPI has no power-on). Immutable.
 */
public record Reboot(Duration softTimeout, Duration bootTimeout, String hard, String powerControl) {
  public static Reboot defaults() {
    return new Reboot(Duration.ofMinutes(5), Duration.ofMinutes(15), "auto", "auto");
  }

  /** The policy of the core for {@code backend}. */
  public RebootPolicy policy(Backend backend) {
    return new RebootPolicy(softTimeout, bootTimeout, on(hard, backend), on(powerControl, backend));
  }

  private static boolean on(String setting, Backend backend) {
    return setting.equals("backend") || (setting.equals("auto") && backend == Backend.SIM);
  }
}
