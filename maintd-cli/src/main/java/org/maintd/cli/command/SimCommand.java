package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import org.maintd.cli.output.Table;
import org.maintd.protocol.sim.SimFail;
import org.maintd.protocol.sim.SimJobView;
import org.maintd.protocol.sim.SimLoad;
import org.maintd.protocol.sim.SimTag;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl sim ...}: controls of the simulated cluster (only with the sim backend). {@code
 * diagnose} and {@code power-on} wait until maintd has read the node again (a poll or two); the
 * others change the simulated cluster at once, and maintd sees it at its next poll.
 */
@Command(
    name = "sim",
    description = {
      "Control the simulated cluster (a daemon with backend: sim).",
      "diagnose and power-on wait until maintd has read the node again, so that the next command"
          + " sees it; the others change the simulated cluster at once, and maintd sees it at its"
          + " next poll."
    },
    subcommands = {
      SimDiagnoseCommand.class,
      SimCommand.Fail.class,
      SimCommand.Load.class,
      SimCommand.Tag.class,
      SimCommand.Jobs.class,
      SimPowerOnCommand.class,
      SimInstanceCommand.class,
      SimNodeCommand.class
    })
public final class SimCommand extends CommandGroup {
  /** Sets the CPU load a node's collector reports. */
  @Command(
      name = "load",
      description = "Set how many CPUs NODE's collector reports busy (its cpu-avg-load).")
  static final class Load extends CommandGroup.Member {
    @Parameters(index = "0", paramLabel = "NODE")
    String node;

    @Parameters(index = "1", paramLabel = "CPUS")
    double cpu;

    @Override
    public void run() {
      SimLoad r = client().post("/1/sim/load", new SimLoad(node, cpu), SimLoad.class);
      printLine(r, node + " will report " + r.cpu() + " CPUs busy");
    }
  }

  /** Injects failures. */
  @Command(name = "fail", description = "Make the next operations of a kind fail.")
  static final class Fail extends CommandGroup.Member {
    @Option(
        names = "--op",
        required = true,
        description =
            "drain, offline, migrate, failover, move, replace-secondary, "
                + "recreate-disks, reinstall, reboot, master-failover, startup, shutdown, "
                + "activate-disks, or boot (the node stays off after its reboot).")
    String op;

    @Option(names = "--node")
    String node;

    @Option(names = "--instance")
    String instance;

    @Option(names = "--times", defaultValue = "1")
    int times;

    @Override
    public void run() {
      SimFail r =
          client()
              .post("/1/sim/fail", new SimFail(op, node, instance, (long) times), SimFail.class);
      printLine(
          r,
          "the next "
              + times
              + " "
              + op
              + " operation(s)"
              + (node != null ? " on " + node : "")
              + (instance != null ? " of " + instance : "")
              + " will fail");
    }
  }

  /** Adds or removes a tag on a node, an instance, a group or the cluster. */
  @Command(
      name = "tag",
      description =
          "Add or remove a tag: tag [--kind node|instance|group|cluster] NAME add|remove TAG.")
  static final class Tag extends CommandGroup.Member {
    @Option(
        names = "--kind",
        defaultValue = "node",
        description =
            "What NAME is: node (default), instance, group, or cluster (NAME is then ignored).")
    String kind;

    @Parameters(index = "0", paramLabel = "NAME")
    String node;

    @Parameters(index = "1", paramLabel = "ACTION")
    String action;

    @Parameters(index = "2", paramLabel = "TAG")
    String tag;

    @Override
    public void run() {
      if (!action.equals("add") && !action.equals("remove")) {
        throw new CommandLine.ParameterException(
            new CommandLine(this), "ACTION must be add or remove, not '" + action + "'");
      }
      if (!List.of("node", "instance", "group", "cluster").contains(kind)) {
        throw new CommandLine.ParameterException(
            new CommandLine(this),
            "--kind must be node, instance, group or cluster, not '" + kind + "'");
      }
      SimTag body =
          new SimTag(
              kind.equals("node") ? node : null,
              kind.equals("instance") ? node : null,
              kind.equals("group") ? node : null,
              kind.equals("cluster") ? true : null,
              action,
              tag,
              null);
      SimTag r = client().post("/1/sim/tags", body, SimTag.class);
      printLine(r, (kind.equals("cluster") ? "cluster" : node) + " tags: " + r.tags());
    }
  }

  private static final TypeReference<List<SimJobView>> JOBS = new TypeReference<>() {};

  /** Lists every job the simulated cluster received. */
  @Command(name = "jobs", description = "List every job the simulated cluster received.")
  static final class Jobs extends CommandGroup.Member {
    @Override
    public void run() {
      print(client().get("/1/sim/jobs", JOBS), Jobs::table);
    }

    private static String table(List<SimJobView> jobs) {
      Table t = new Table("ID", "STATUS", "SUBMITTED", "OPERATIONS", "REASON");
      for (SimJobView j : jobs) {
        String opText =
            String.join(
                ", ",
                j.operations().stream()
                    .map(
                        o ->
                            o.kind()
                                + " "
                                + (o.instances().isEmpty()
                                    ? String.join(",", o.nodes())
                                    : o.instances().get(0)))
                    .toList());
        t.row(j.id(), j.status(), Times.format(j.submitted()), opText, j.reasonText());
      }
      return t.render();
    }
  }
}
