package org.maintd.cli.command;

import org.maintd.protocol.sim.SimInstance;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maintctl sim instance NAME --status STATUS}: sets a simulated instance's run state. */
@Command(
    name = "instance",
    description =
        "Set INSTANCE's run state: ERROR_down (it crashed), USER_down (shut down from inside),"
            + " running, ...")
final class SimInstanceCommand extends CommandGroup.Member {
  @Parameters(index = "0", paramLabel = "INSTANCE")
  String instance;

  @Option(names = "--status", required = true, description = "Ganeti's instance status.")
  String status;

  @Override
  public void run() {
    SimInstance r =
        client().post("/1/sim/instance", new SimInstance(instance, status), SimInstance.class);
    printLine(r, r.instance() + " is now " + r.status());
  }
}
