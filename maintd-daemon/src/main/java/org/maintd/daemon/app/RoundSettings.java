package org.maintd.daemon.app;

import org.maintd.daemon.config.DaemonConfig;
import org.maintd.round.Settings;

/**
 * How the round decides, from the daemon's configuration: the leader's and its rehearsals'.
 * Stateless.
 */
final class RoundSettings {
  private RoundSettings() {}

  static Settings of(DaemonConfig config) {
    return new Settings(
        config.caps(),
        config.storm(),
        config.harep(),
        org.maintd.balance.BalanceThreshold.of(config.balance(), config.balanceThreshold()),
        config.nodeCommands().hardRebootAfter(),
        config.balancing(),
        config.maintenance().drainAhead(),
        config.maintenance().guard(),
        config.instanceHealth(),
        config.reboot().policy(config.backend()));
  }
}
