package org.maintd.daemon.config;

import java.time.Duration;

/**
 * Who reboots a node and moves the master role ({@link CommandRoute}): {@code collector} (a
 * whitelisted command the node's collector runs: a soft reboot, {@code gnt-cluster master-failover}
 * on the new master) or {@code backend} (Ganeti's power-cycle, a hard reset; the simulated
 * cluster's own); {@code auto}: the collectors with Ganeti, the backend with the simulated cluster.
 * The commands' names; how long a fail-over may take until the cluster names the new master; and,
 * for reboots through the collectors, how long after a soft reboot that has not brought its node
 * back (or at once when it failed) the node is rebooted hard through the backend (zero: never).
 * Immutable.
 */
public record NodeCommands(
    CommandRoute reboot,
    String rebootCommand,
    CommandRoute masterFailover,
    String masterFailoverCommand,
    Duration masterFailoverWait,
    Duration hardRebootAfter) {
  public static NodeCommands defaults() {
    return new NodeCommands(
        CommandRoute.AUTO,
        "reboot",
        CommandRoute.AUTO,
        "master-failover",
        Duration.ofSeconds(120),
        Duration.ZERO);
  }

  /** Node commands without a hard fall-back for reboots. */
  public NodeCommands(
      CommandRoute reboot,
      String rebootCommand,
      CommandRoute masterFailover,
      String masterFailoverCommand,
      Duration masterFailoverWait) {
    this(
        reboot,
        rebootCommand,
        masterFailover,
        masterFailoverCommand,
        masterFailoverWait,
        Duration.ZERO);
  }
}
