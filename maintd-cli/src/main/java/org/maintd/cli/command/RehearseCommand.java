package org.maintd.cli.command;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Stack;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.output.Table;
import org.maintd.cli.wait.Durations;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.RehearsalView;
import org.maintd.protocol.text.Escaped;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code maintctl rehearse --drain NODE[,NODE...] | --reboot NODE [--key K] [--mode soft|hard] |
 * --diagnose NODE STATUS | --schedule FILE | --campaign [OPTION...]}: asks maintd what would
 * happen, played on a copy of the cluster; nothing is done.
 */
@Command(
    name = "rehearse",
    description = {
      "Rehearse an action on a copy of the cluster as maintd sees it now, with maintd's own rounds"
          + " and the simulated cluster running the jobs at accelerated time: the rounds and jobs"
          + " in order with their reasons, where each instance goes, how long it takes, what waits"
          + " and why, the guards it hits, what has nowhere to go, what it assumed, and hbal's"
          + " score of each node group before and after. Nothing is sent to the cluster and"
          + " maintd's state is not changed.",
      "--drain plays a maintenance window for NODE from now on (maintctl schedule add NODE --start"
          + " +0s), one window for all the nodes given; --reboot a reboot request (maintctl"
          + " reboot); --diagnose NODE evacuate the"
          + " node reporting that fault; --schedule FILE the schedule posted (maintctl schedule set"
          + " FILE), time jumping to each window's drain and start, until every machine is DRAIN"
          + " and empty, or DOWN for an auto window; --campaign [OPTION...] a campaign started"
          + " with campaign start's options (given last), until it ends. An action maintd would"
          + " refuse is refused in its words.",
      "Exit 0 when the work would be done, 1 when it would not (stuck, or too long to play: the"
          + " report says why) or maintd refused. -o json: the API's answer (POST"
          + " /1/rehearsals)."
    })
public final class RehearseCommand extends ApiCommand.TopLevel {
  @ArgGroup(exclusive = true, multiplicity = "1")
  Action action;

  /** The one action rehearsed. */
  static final class Action {
    @Option(
        names = "--drain",
        split = ",",
        paramLabel = "NODE",
        description =
            "Drain NODE and empty it; several nodes (--drain n1,n2 or --drain n1 --drain n2) are"
                + " drained all at once, as one window names them.")
    List<String> drain;

    @Option(names = "--reboot", paramLabel = "NODE", description = "Ask for a reboot of NODE.")
    String reboot;

    @Option(
        names = "--diagnose",
        arity = "2",
        paramLabel = "NODE STATUS",
        hideParamSyntax = true,
        description = "NODE reports STATUS: evacuate or evacuate-failover.")
    List<String> diagnose;

    @Option(
        names = "--schedule",
        paramLabel = "FILE",
        description = "Post the schedule in FILE, as maintctl schedule set FILE (- reads stdin).")
    String schedule;

    @Option(
        names = "--campaign",
        arity = "0..*",
        paramLabel = "OPTION",
        parameterConsumer = Rest.class,
        description =
            "Start a campaign: the rest of the line is maintctl campaign start's options"
                + " (--node, -G, --node-tag, --mode, --max-nodes, --soak, --boot-timeout,"
                + " --window); none: every online node.")
    List<String> campaign;
  }

  /** Takes every argument after {@code --campaign}: campaign start's options, parsed as it does. */
  static final class Rest implements IParameterConsumer {
    @Override
    public void consumeParameters(Stack<String> args, ArgSpec arg, CommandSpec command) {
      List<String> rest = new ArrayList<>();
      while (!args.isEmpty()) {
        rest.add(args.pop());
      }
      arg.setValue(rest);
    }
  }

  @Option(names = "--key", paramLabel = "KEY", description = "--reboot: held off by this key.")
  String key;

  @Option(
      names = "--mode",
      paramLabel = "MODE",
      description = "--reboot: soft (the default) or hard.")
  String mode;

  @Option(names = "--no-evacuate", description = "--reboot: do not drain and empty it first.")
  boolean noEvacuate;

  @Option(names = "--force", description = "--reboot: even in a campaign or with an incident.")
  boolean force;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    RehearsalView r = client().post("/1/rehearsals", body(), RehearsalView.class);
    print(r, RehearseCommand::text);
    if (!r.ending().kind().equals("done")) {
      throw new ApiException("the work would not be done: " + r.ending().text());
    }
  }

  private Map<String, Object> body() {
    boolean rebooting = action.reboot != null;
    if (!rebooting && (key != null || mode != null || noEvacuate || force)) {
      throw new ParameterException(
          spec.commandLine(), "--key, --mode, --no-evacuate and --force go with --reboot only");
    }
    if (mode != null && !List.of("soft", "hard").contains(mode)) {
      throw new ParameterException(
          spec.commandLine(), "--mode must be soft or hard, not '" + mode + "'");
    }
    if (action.diagnose != null && action.diagnose.size() != 2) {
      throw new ParameterException(
          spec.commandLine(), "--diagnose is given once, with one NODE and one STATUS");
    }
    Map<String, Object> body = new LinkedHashMap<>();
    if (action.drain != null) {
      body.put("action", "drain");
      if (action.drain.size() == 1) {
        body.put("node", action.drain.get(0));
      } else {
        body.put("nodes", action.drain);
      }
    } else if (rebooting) {
      body.put("action", "reboot");
      body.put("node", action.reboot);
      body.put("reboot", reboot());
    } else if (action.schedule != null) {
      body.put("action", "schedule");
      body.put("schedule", ScheduleChanges.read(action.schedule));
    } else if (action.campaign != null) {
      body.put("action", "campaign");
      body.put("campaign", campaign());
    } else {
      body.put("action", "diagnose");
      body.put("node", action.diagnose.get(0));
      body.put("status", action.diagnose.get(1));
    }
    return body;
  }

  /**
   * The campaign's request, from the options after {@code --campaign} as campaign start reads them.
   */
  private CampaignRequest campaign() {
    CampaignOptions asked = new CampaignOptions();
    try {
      new CommandLine(asked).parseArgs(action.campaign.toArray(String[]::new));
    } catch (ParameterException e) {
      throw new ParameterException(spec.commandLine(), "--campaign: " + e.getMessage());
    }
    return asked.request();
  }

  private Map<String, Object> reboot() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("mode", mode == null ? "soft" : mode);
    if (key != null) {
      r.put("key", key);
    }
    r.put("evacuate", !noEvacuate);
    r.put("force", force);
    return r;
  }

  static String text(RehearsalView r) {
    StringBuilder b = new StringBuilder();
    String nl = System.lineSeparator();
    b.append("rehearsed: ").append(r.act()).append(nl);
    b.append(r.ending().kind()).append(": ").append(r.ending().text()).append(nl);
    b.append(r.ending().kind().equals("done") ? "takes " : "stopped after ")
        .append(Durations.text(Duration.ofMillis(Math.round(r.seconds() * 1000))))
        .append(" as played, from ")
        .append(Times.format(r.start()))
        .append(" to ")
        .append(Times.format(r.end()))
        .append(" (")
        .append(r.ticks())
        .append(" ticks)")
        .append(nl);
    r.scores().forEach(g -> b.append(score(g)).append(nl));
    b.append(read(r)).append(nl);
    section(b, "jobs", jobs(r));
    section(b, "moved", moves(r));
    section(b, "waited", waits(r.waits()));
    section(b, "guards hit", waits(r.guards()));
    section(b, "nowhere to go", waits(r.nowhere()));
    Table assumed = new Table("INPUT", "ASSUMED");
    r.assumptions().forEach(a -> assumed.row(a.input(), a.assumed()));
    section(b, "assumed", assumed);
    Table changed = new Table("CHANGE");
    r.snapshot().changed().forEach(changed::row);
    section(b, "changed since the snapshot", changed);
    return b.toString();
  }

  /** A group's score line, its figures as hbal prints them. */
  static String score(RehearsalView.Score g) {
    return String.format(
        Locale.ROOT,
        "hbal score, group %s: %.8f before, %.8f after",
        Escaped.of(g.group()),
        g.before(),
        g.after());
  }

  /** When the snapshot played was read, and how long before the rehearsal. */
  static String read(RehearsalView r) {
    Double read = r.snapshot().read();
    if (read == null) {
      return "played on the daemon's last snapshot (when it was read is not known)";
    }
    return "played on the snapshot read at "
        + Times.format(read)
        + " ("
        + took(Math.max(0, r.start() - read))
        + " before the rehearsal)";
  }

  /** {@code title:} and its table, or {@code title: none}, after a blank line. */
  private static void section(StringBuilder b, String title, Table t) {
    String nl = System.lineSeparator();
    String rendered = t.render();
    b.append(nl)
        .append(title)
        .append(':')
        .append(rendered.lines().count() <= 1 ? " none" + nl : nl + rendered);
  }

  private static Table jobs(RehearsalView r) {
    Table t = new Table("ROUND", "JOB", "SUBMITTED", "TOOK", "STATUS", "OPERATIONS", "REASON");
    for (RehearsalView.Round round : r.rounds()) {
      for (RehearsalView.Job j : round.jobs()) {
        List<String> ops = new ArrayList<>();
        j.operations().forEach(o -> ops.add(PlanCommand.describe(o)));
        t.row(
            Long.toString(round.round()),
            j.id(),
            Times.format(j.submitted()),
            took(j.ended() - j.submitted()),
            j.status() + (j.message().isEmpty() ? "" : ": " + j.message()),
            String.join("; ", ops),
            j.reason());
      }
    }
    return t;
  }

  private static Table moves(RehearsalView r) {
    Table t = new Table("INSTANCE", "PRIMARY", "SECONDARY");
    for (RehearsalView.Move m : r.moves()) {
      t.row(
          m.instance(),
          m.primary_from() + " > " + m.primary_to(),
          m.secondary_from().isEmpty() && m.secondary_to().isEmpty()
              ? "-"
              : m.secondary_from() + " > " + m.secondary_to());
    }
    return t;
  }

  private static Table waits(List<RehearsalView.Wait> waits) {
    Table t = new Table("WHAT", "KIND", "FOR", "WHY");
    for (RehearsalView.Wait w : waits) {
      t.row(w.what(), w.kind(), took(w.seconds()) + (w.still() ? " (still)" : ""), w.text());
    }
    return t;
  }

  private static String took(double seconds) {
    return Durations.text(Duration.ofMillis(Math.round(seconds * 1000)));
  }
}
