package org.maintd.cli.command;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.maintd.roll.RebootPlanner;
import org.maintd.roll.RollException;
import org.maintd.roll.RollOptions;
import org.maintd.roll.RollPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code maintctl roll}: reboot groups, with hroller's options, output and exit codes: from an
 * htools text file ({@code -t}), or from the daemon's live cluster ({@code GET /1/roll}).
 */
@Command(name = "roll", description = "Plan rolling reboots (hroller's options and output).")
public final class RollCommand extends HtoolsCommand {
  @ParentCommand org.maintd.cli.Maintctl parent;

  @Option(
      names = {"-t", "--text-data"},
      description = "Plan from this htools text file instead of the daemon's cluster.")
  Path file;

  @Option(
      names = {"-G", "--group"},
      description = "Only this node group (name or uuid).")
  String group;

  @Option(
      names = {"-O", "--offline"},
      split = ",",
      description = "Treat these nodes as offline.")
  List<String> offline = new ArrayList<>();

  @Option(names = "--node-tags", split = ",", description = "Only nodes with any of these tags.")
  List<String> nodeTags;

  @Option(
      names = "--offline-maintenance",
      description = "Instances may be shut down: only DRBD pairs conflict.")
  boolean offlineMaintenance;

  @Option(
      names = "--skip-non-redundant",
      description = "Leave out nodes with non-redundant instances.")
  boolean skipNonRedundant;

  @Option(
      names = "--ignore-non-redundant",
      description = "Do not move non-redundant instances off.")
  boolean ignoreNonRedundant;

  @Option(names = "--full-evacuation", description = "Also move DRBD secondaries off each group.")
  boolean fullEvacuation;

  @Option(
      names = "--one-step-only",
      description = "Only the first reboot group, one node per line.")
  boolean oneStepOnly;

  @Option(names = "--print-moves", description = "Print the instance moves of each group.")
  boolean printMoves;

  @Option(names = "--no-headers", description = "No header line.")
  boolean noHeaders;

  @Option(
      names = {"-f", "--force"},
      description = "A cluster without a master is only a warning.")
  boolean force;

  @Option(
      names = {"-v", "--verbose"},
      description = "Accepted for compatibility with hroller.")
  boolean[] verbose = new boolean[0];

  @Option(
      names = {"-q", "--quiet"},
      description = "Accepted for compatibility with hroller.")
  boolean[] quiet = new boolean[0];

  @Override
  int run() throws Failure {
    RollOptions options =
        new RollOptions(
            Optional.ofNullable(group),
            Set.copyOf(offline),
            Optional.ofNullable(nodeTags),
            offlineMaintenance,
            skipNonRedundant,
            ignoreNonRedundant,
            fullEvacuation,
            force);
    RollPlan plan;
    if (file != null) {
      try {
        plan = new RebootPlanner().plan(read(file), options);
      } catch (RollException e) {
        warn(e.warnings());
        throw new Failure(e.getMessage());
      }
    } else {
      plan = parent.client().get("/1/roll" + query(options), RollPlan.class);
    }
    warn(plan.warnings());
    if (parent.json()) {
      System.out.println(org.maintd.cli.client.ApiClient.pretty(plan));
      return 0;
    }
    print(plan, System.out);
    return 0;
  }

  private void print(RollPlan plan, PrintStream out) {
    if (oneStepOnly) {
      if (!noHeaders) {
        out.println("'First Reboot Group'");
      }
      if (!plan.groups().isEmpty()) {
        RollPlan.Group first = plan.groups().get(0);
        first.nodes().forEach(out::println);
        printMoves(first, out);
      }
      return;
    }
    if (!noHeaders) {
      out.println("'Node Reboot Groups'");
    }
    for (RollPlan.Group g : plan.groups()) {
      out.println(String.join(",", g.nodes()));
      printMoves(g, out);
    }
  }

  private void printMoves(RollPlan.Group g, PrintStream out) {
    if (printMoves) {
      for (RollPlan.Move m : g.moves()) {
        out.println(
            "  " + m.instance() + " " + m.primary() + m.secondary().map(s -> " " + s).orElse(""));
      }
    }
  }

  private void warn(List<String> warnings) {
    for (String w : warnings) {
      if (quiet.length == 0 || !w.startsWith(RebootPlanner.INCONSISTENT)) {
        System.err.println("Warning: " + w);
      }
    }
  }

  private static String query(RollOptions o) {
    List<String> q = new ArrayList<>();
    o.group().ifPresent(g -> q.add("group=" + encode(g)));
    o.offlineNodes().forEach(n -> q.add("offline=" + encode(n)));
    o.nodeTags().ifPresent(t -> q.add("node-tags=" + encode(String.join(",", t))));
    if (o.offlineMaintenance()) {
      q.add("offline-maintenance=1");
    }
    if (o.skipNonRedundant()) {
      q.add("skip-non-redundant=1");
    }
    if (o.ignoreNonRedundant()) {
      q.add("ignore-non-redundant=1");
    }
    if (o.fullEvacuation()) {
      q.add("full-evacuation=1");
    }
    if (o.force()) {
      q.add("force=1");
    }
    return q.isEmpty() ? "" : "?" + String.join("&", q);
  }

  private static String encode(String s) {
    return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
  }
}
