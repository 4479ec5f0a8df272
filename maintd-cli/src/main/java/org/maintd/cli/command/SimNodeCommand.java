package org.maintd.cli.command;

import org.maintd.protocol.sim.SimNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl sim node NODE [--drained yes|no] [--offline yes|no]}: sets a simulated node's
 * flags by hand, outside maintd, as {@code gnt-node modify} does on Ganeti.
 */
@Command(
    name = "node",
    description =
        "Set NODE's flags at once, as an operator does by hand outside maintd (gnt-node modify"
            + " --drained yes|no --offline yes|no).")
final class SimNodeCommand extends CommandGroup.Member {
  @Parameters(index = "0", paramLabel = "NODE")
  String node;

  @Option(names = "--drained", paramLabel = "yes|no", description = "Drain it, or undrain it.")
  String drained;

  @Option(
      names = "--offline",
      paramLabel = "yes|no",
      description = "Set it offline, or back online.")
  String offline;

  @Override
  public void run() {
    if (drained == null && offline == null) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "say what to set: --drained yes|no, --offline yes|no, or both");
    }
    SimNode r =
        client()
            .post(
                "/1/sim/node",
                new SimNode(node, yesNo("--drained", drained), yesNo("--offline", offline)),
                SimNode.class);
    printLine(r, r.node() + ": drained " + yesNo(r.drained()) + ", offline " + yesNo(r.offline()));
  }

  private Boolean yesNo(String option, String value) {
    if (value == null) {
      return null;
    }
    if (!value.equals("yes") && !value.equals("no")) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), option + " takes yes or no, not '" + value + "'");
    }
    return value.equals("yes");
  }

  private static String yesNo(Boolean value) {
    return Boolean.TRUE.equals(value) ? "yes" : "no";
  }
}
