package org.maintd.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.PatternSyntaxException;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsPolicies;
import org.maintd.htools.HtoolsWriter;
import org.maintd.rapi.HtoolsRapiLoader;
import org.maintd.roll.RebootPlanner;
import org.maintd.roll.RollException;
import org.maintd.roll.RollGraph;
import org.maintd.roll.RollOptions;
import org.maintd.roll.RollPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code maintctl roll}: reboot groups, with hroller's options, output and exit codes: from an
 * htools text file ({@code -t}), from Ganeti's RAPI ({@code -m}), or from the daemon's live cluster
 * ({@code GET /1/roll}). {@code -S FILE} saves the cluster read as {@code FILE.original}, as
 * hroller does.
 */
@Command(
    name = "roll",
    description = "Plan rolling reboots (hroller's options and output).",
    footer = {
      "",
      "Of hroller's options, -L (Luxi) and -I (iAllocator request) are not supported.",
      "--node-regex is maintd's own: a node is selected when its name contains a match",
      "(anchor with ^...$ for the whole name); all selections given apply together.",
      "--fewer-groups is maintd's own: hroller's groups unless a better colouring has fewer.",
      "-v and -v -v print hroller's colourings and conflict graph when maintctl plans (-t, -m)."
    })
public final class RollCommand extends HtoolsCommand {
  /** What hroller says on stderr when it has saved the cluster. */
  static final String SAVED = "The cluster state before hroller run has been written to file '%s'";

  @ParentCommand org.maintd.cli.Maintctl parent;

  @Spec CommandSpec spec;

  @Mixin ClusterSource source;

  /** How many of the plan's warnings are on stderr already: those before {@code -S} saved. */
  private int warned;

  @Option(
      names = {"-S", "--save"},
      paramLabel = "FILE",
      description = "Save the cluster read (-t or -m) as htools text to FILE.original.")
  Path save;

  @Option(
      names = "--node-regex",
      paramLabel = "REGEX",
      description = "Only nodes whose name contains a match of this regular expression.")
  String nodeRegex;

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
      names = "--fewer-groups",
      description =
          "Keep the plan with the fewest groups among hroller's and better colourings (never more"
              + " groups than hroller's).")
  boolean fewerGroups;

  @Option(
      names = {"-f", "--force"},
      description = "A cluster without a master is only a warning.")
  boolean force;

  @Option(
      names = {"-v", "--verbose"},
      description =
          "More output, as hroller's: -v how each colouring did, -v -v the conflict graph too"
              + " (with -t or -m).")
  boolean[] verbose = new boolean[0];

  @Option(
      names = {"-q", "--quiet"},
      description = "Less output: no warning that the cluster's data do not add up.")
  boolean[] quiet = new boolean[0];

  /** hroller's conflict graph and colourings, once made (only when maintctl plans itself). */
  private Optional<RollGraph> graph = Optional.empty();

  @Override
  int run() throws Failure {
    RollOptions options = options();
    boolean fromDaemon = source.fromDaemon();
    if (fromDaemon && save != null) {
      throw new ParameterException(
          spec.commandLine(), "-S needs -t or -m: maintctl does not read the daemon's cluster");
    }
    RollPlan plan =
        fromDaemon
            ? parent
                .client()
                .get("/1/roll" + query(options, source.staticKvmNodeMemory), RollPlan.class)
            : plan(options);
    warn(plan.warnings().subList(warned, plan.warnings().size()));
    if (parent.json()) {
      System.out.println(org.maintd.cli.client.ApiClient.pretty(plan));
      return 0;
    }
    if (verbosity() > 1) {
      graph.ifPresent(g -> System.out.println(RollVerbose.colourings(g.colourings())));
    }
    print(plan, System.out);
    return 0;
  }

  private RollOptions options() {
    try {
      return new RollOptions(
          Optional.ofNullable(group),
          Set.copyOf(offline),
          Optional.ofNullable(nodeTags),
          offlineMaintenance,
          skipNonRedundant,
          ignoreNonRedundant,
          fullEvacuation,
          force,
          Optional.ofNullable(nodeRegex),
          fewerGroups);
    } catch (PatternSyntaxException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--node-regex: '"
              + nodeRegex
              + "' is not a regular expression: "
              + e.getDescription()
              + (e.getIndex() >= 0 ? " near index " + e.getIndex() : ""));
    }
  }

  private RollPlan plan(RollOptions options) throws Failure {
    Cluster cluster = source.load();
    RebootPlanner planner = new RebootPlanner();
    try {
      if (save == null) {
        return planner.plan(cluster, options, this::graphMade);
      }
      List<String> early = planner.check(cluster, options);
      warn(early);
      warned = early.size();
      save(cluster, Path.of(save + ".original"));
      return planner.plan(cluster, options, this::graphMade);
    } catch (RollException e) {
      warn(e.warnings().subList(Math.min(warned, e.warnings().size()), e.warnings().size()));
      throw new Failure(e.getMessage());
    }
  }

  /** Keeps the graph for the colourings' line; shows it at once from hroller's level 3. */
  private void graphMade(RollGraph g) {
    graph = Optional.of(g);
    if (verbosity() > 2 && !parent.json()) {
      System.out.println(RollVerbose.graph(g));
    }
  }

  /** hroller's verbosity: 1, one more for each -v, one less for each -q. */
  private int verbosity() {
    return 1 + verbose.length - quiet.length;
  }

  private static void save(Cluster cluster, Path to) throws Failure {
    try {
      Files.writeString(to, new HtoolsWriter().write(HtoolsPolicies.complete(cluster)));
    } catch (IOException e) {
      throw new Failure("cannot write " + to + ": " + e.getMessage());
    }
    System.err.println(String.format(SAVED, to));
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
      if (verbosity() != 0 || !w.startsWith(RebootPlanner.INCONSISTENT)) {
        System.err.println("Warning: " + w);
      }
    }
  }

  private static String query(RollOptions o, long staticKvmNodeMemory) {
    List<String> q = new ArrayList<>();
    if (staticKvmNodeMemory != HtoolsRapiLoader.DEFAULT_STATIC_KVM_NODE_MEMORY) {
      q.add("static-kvm-node-memory=" + staticKvmNodeMemory);
    }
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
    o.nodeRegex().ifPresent(r -> q.add("node-regex=" + encode(r)));
    if (o.fewerGroups()) {
      q.add("fewer-groups=1");
    }
    return q.isEmpty() ? "" : "?" + String.join("&", q);
  }

  private static String encode(String s) {
    return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
  }
}
