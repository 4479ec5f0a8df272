package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.output.Table;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.sim.SimDiagnose;
import org.maintd.protocol.sim.SimDiagnosed;
import org.maintd.protocol.sim.SimFail;
import org.maintd.protocol.sim.SimJobView;
import org.maintd.protocol.sim.SimLoad;
import org.maintd.protocol.sim.SimPowerOn;
import org.maintd.protocol.sim.SimTag;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maintctl sim ...}: controls of the simulated cluster (only with the sim backend). */
@Command(
    name = "sim",
    description = "Control the simulated cluster.",
    subcommands = {
      SimCommand.Diagnose.class,
      SimCommand.Fail.class,
      SimCommand.Load.class,
      SimCommand.Tag.class,
      SimCommand.Jobs.class,
      SimCommand.PowerOn.class,
      SimInstanceCommand.class,
      SimNodeCommand.class
    })
public final class SimCommand extends CommandGroup {
  /** Sets what a node's diagnose script prints. */
  @Command(
      name = "diagnose",
      description =
          "Set what NODE's diagnose script reports (Ok, live-repair, evacuate, evacuate-failover).")
  static final class Diagnose extends CommandGroup.Member {
    @Parameters(index = "0", paramLabel = "NODE")
    String node;

    @Parameters(index = "1", paramLabel = "STATUS")
    String status;

    @Option(names = "--command", description = "Repair command for live-repair.")
    String command;

    @Option(names = "--details", description = "JSON value for the 'details' field.")
    String details;

    @Override
    public void run() {
      SimDiagnose body =
          new SimDiagnose(
              node, status, command, details == null ? null : ApiClient.parseJson(details));
      SimDiagnosed r = client().post("/1/sim/diagnose", body, SimDiagnosed.class);
      printLine(r, node + " will report " + Json.write(r.diagnose()));
    }
  }

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

  /** Powers on a node that stayed off after its reboot. */
  @Command(
      name = "power-on",
      description = "Power on NODE, which stayed off after a reboot (--op boot).")
  static final class PowerOn extends CommandGroup.Member {
    @Parameters(index = "0", paramLabel = "NODE")
    String node;

    @Override
    public void run() {
      SimPowerOn r = client().post("/1/sim/power-on", new SimPowerOn(node, null), SimPowerOn.class);
      printLine(r, node + " powered on");
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
