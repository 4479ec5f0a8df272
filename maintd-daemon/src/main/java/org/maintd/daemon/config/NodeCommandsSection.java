package org.maintd.daemon.config;

import java.time.Duration;
import org.maintd.config.ConfigSection;

/**
 * The keys of the {@code nodeCommands} section of {@code maintd.yaml}: who reboots and who moves
 * the master role ({@code reboot}, {@code masterFailover}), the commands' names, {@code
 * masterFailoverWait}, and {@code hardRebootAfter}, which only reboots through the collectors take;
 * each bad value told with its key. Stateless.
 */
final class NodeCommandsSection {
  private NodeCommandsSection() {}

  static NodeCommands read(ConfigSection n, Backend backend) {
    NodeCommands d = NodeCommands.defaults();
    CommandRoute reboot = Choice.read(n, "reboot", d.reboot());
    Duration hardAfter = n.duration("hardRebootAfter", d.hardRebootAfter(), Duration.ZERO);
    if (!hardAfter.isZero() && !reboot.byCollector(backend)) {
      n.problem(
          "hardRebootAfter",
          "is the fall-back from a soft reboot through the collectors, but reboots go through the"
              + " backend here (nodeCommands.reboot: "
              + reboot.key()
              + ", backend: "
              + backend
              + "), and every one is hard already; set nodeCommands.reboot: collector or leave"
              + " hardRebootAfter at 0s");
    }
    return new NodeCommands(
        reboot,
        command(n, "rebootCommand", d.rebootCommand()),
        Choice.read(n, "masterFailover", d.masterFailover()),
        command(n, "masterFailoverCommand", d.masterFailoverCommand()),
        n.duration("masterFailoverWait", d.masterFailoverWait(), Duration.ofSeconds(1)),
        hardAfter);
  }

  /** A whitelisted command's name: a plain file name, as the collector's whitelist takes it. */
  private static String command(ConfigSection c, String key, String fallback) {
    String name = c.string(key, fallback);
    if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      c.problem(key, "must be a command name (letters, digits, '.', '_', '-'), not '" + name + "'");
      return fallback;
    }
    return name;
  }
}
