package org.maintd.cli.command;

import java.time.Duration;
import java.util.Optional;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.sim.SimPowerOn;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl sim power-on NODE [--no-wait]}: powers on a simulated node that stayed off after
 * its reboot, then waits until it is up: until its collector answers maintd ({@link ReportWait}).
 */
@Command(
    name = "power-on",
    description = {
      "Power on NODE, which stayed off after a reboot (sim fail --op boot).",
      "It waits until the node is up: until its collector answers maintd's poll, so that the next"
          + " command (maintctl up NODE) finds it reporting.",
      "-o json: the node as /1/nodes shows it then; with --no-wait, the power-on's answer."
    })
final class SimPowerOnCommand extends CommandGroup.Member {
  @Parameters(index = "0", paramLabel = "NODE", description = "The simulated node, off.")
  String node;

  @Mixin WaitOptions waiting = WaitOptions.byDefault(Duration.ofMinutes(2));

  @Override
  public void run() {
    Optional<NodeView> before =
        waiting.waits() ? ReportWait.read(client(), node) : Optional.empty();
    SimPowerOn r = client().post("/1/sim/power-on", new SimPowerOn(node, null), SimPowerOn.class);
    if (!waiting.waits()) {
      printLine(r, node + " powered on");
      return;
    }
    NodeView up =
        await(waiting, new ReportWait(client(), node, before, new ReportWait.Expected.Answer()));
    printLine(up, node + " powered on");
  }
}
