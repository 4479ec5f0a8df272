package org.maintd.daemon.config;

import java.time.Duration;
import org.maintd.reboot.RebootPolicy;

/**
 * Reboot requests: how long a soft power-off may take before it falls back to hard, how long a node
 * may take to come back, whether a hard path exists ({@code hard}) and whether the backend powers
 * nodes off and on ({@code powerControl}), each a {@link PowerPath}: {@code backend} or {@code
 * none}; {@code auto} is the backend's own with the simulated cluster and none with Ganeti (its
 * power-cycle resets a node, and RAPI has no power-on). Immutable.
 */
public record Reboot(
    Duration softTimeout, Duration bootTimeout, PowerPath hard, PowerPath powerControl) {
  public static Reboot defaults() {
    return new Reboot(
        Duration.ofMinutes(5), Duration.ofMinutes(15), PowerPath.AUTO, PowerPath.AUTO);
  }

  /** The policy of the core for {@code backend}. */
  public RebootPolicy policy(Backend backend) {
    return new RebootPolicy(softTimeout, bootTimeout, hard.on(backend), powerControl.on(backend));
  }
}
