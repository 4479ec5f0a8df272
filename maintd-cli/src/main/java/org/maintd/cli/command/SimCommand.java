package org.maintd.cli.command;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cli.Maintctl;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.output.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine;

/** {@code maintctl sim ...}: controls of the simulated cluster (only with the sim backend). */
@Command(name = "sim", description = "Control the simulated cluster.",
    subcommands = {SimCommand.Diagnose.class, SimCommand.Fail.class, SimCommand.Tag.class, SimCommand.Jobs.class,
        SimCommand.PowerOn.class})
public final class SimCommand implements Runnable {
  @ParentCommand
  Maintctl parent;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a sim command is required (diagnose, fail, tag, jobs, power-on)");
  }

  abstract static class Sub extends ApiCommand {
    @ParentCommand
    SimCommand sim;

    @Override
    Maintctl root() {
      return sim.parent;
    }

    void done(Object result, String text) {
      if (root().json()) {
        printJson(result);
      } else {
        System.out.println(text);
      }
    }
  }

  /** Sets what a node's diagnose script prints. */
  @Command(name = "diagnose", description = "Set what NODE's diagnose script reports (Ok, live-repair, evacuate, evacuate-failover).")
  static final class Diagnose extends Sub {
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
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("node", node);
      body.put("status", status);
      if (command != null) {
        body.put("command", command);
      }
      if (details != null) {
        body.put("details", ApiClient.parseJson(details));
      }
      Object r = client().post("/1/sim/diagnose", body);
      done(r, node + " will report " + ApiClient.write(map(r).get("diagnose")));
    }
  }

  /** Injects failures. */
  @Command(name = "fail", description = "Make the next operations of a kind fail.")
  static final class Fail extends Sub {
    @Option(names = "--op", required = true, description = "drain, offline, migrate, failover, move, replace-secondary, "
        + "recreate-disks, reinstall, reboot, master-failover, or boot (the node stays off after its reboot).")
    String op;

    @Option(names = "--node")
    String node;

    @Option(names = "--instance")
    String instance;

    @Option(names = "--times", defaultValue = "1")
    int times;

    @Override
    public void run() {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("op", op);
      body.put("node", node);
      body.put("instance", instance);
      body.put("times", times);
      Object r = client().post("/1/sim/fail", body);
      done(r, "the next " + times + " " + op + " operation(s)" + (node != null ? " on " + node : "")
          + (instance != null ? " of " + instance : "") + " will fail");
    }
  }

  /** Adds or removes a tag on a node, an instance, a group or the cluster. */
  @Command(name = "tag", description = "Add or remove a tag: tag [--kind node|instance|group|cluster] NAME add|remove TAG.")
  static final class Tag extends Sub {
    @Option(names = "--kind", defaultValue = "node", description = "What NAME is: node (default), instance, group, or cluster (NAME is then ignored).")
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
        throw new CommandLine.ParameterException(new CommandLine(this), "ACTION must be add or remove, not '" + action + "'");
      }
      if (!List.of("node", "instance", "group", "cluster").contains(kind)) {
        throw new CommandLine.ParameterException(new CommandLine(this), "--kind must be node, instance, group or cluster, not '" + kind + "'");
      }
      Map<String, Object> body = Map.of(kind, kind.equals("cluster") ? true : node, "action", action, "tag", tag);
      Object r = client().post("/1/sim/tags", body);
      done(r, (kind.equals("cluster") ? "cluster" : node) + " tags: " + map(r).get("tags"));
    }
  }

  /** Powers on a node that stayed off after its reboot. */
  @Command(name = "power-on", description = "Power on NODE, which stayed off after a reboot (--op boot).")
  static final class PowerOn extends Sub {
    @Parameters(index = "0", paramLabel = "NODE")
    String node;

    @Override
    public void run() {
      Object r = client().post("/1/sim/power-on", Map.of("node", node));
      done(r, node + " powered on");
    }
  }

  /** Lists every job the simulated cluster received. */
  @Command(name = "jobs", description = "List every job the simulated cluster received.")
  static final class Jobs extends Sub {
    @Override
    public void run() {
      List<Map<String, Object>> jobs = list(client().get("/1/sim/jobs"));
      if (root().json()) {
        printJson(jobs);
        return;
      }
      Table t = new Table("ID", "STATUS", "SUBMITTED", "OPERATIONS", "REASON");
      for (Map<String, Object> j : jobs) {
        List<Map<String, Object>> ops = list(j.get("operations"));
        String opText = String.join(", ", ops.stream().map(o -> o.get("op") + " " + o.getOrDefault("instance", o.getOrDefault("node", ""))).toList());
        List<?> reason = (List<?>) ((List<?>) j.get("reason")).get(0);
        t.row(j.get("id"), j.get("status"), Times.format(j.get("submitted")), opText, reason.get(1));
      }
      System.out.print(t.render());
    }
  }
}
