package org.maintd.cli.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.maintd.balance.BalanceMove;
import org.maintd.balance.BalanceOptions;
import org.maintd.balance.BalanceResult;
import org.maintd.balance.Balancer;
import org.maintd.balance.Load;
import org.maintd.cli.client.ApiClient;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.htools.HtoolsWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code maintctl balance -t FILE}: balances a node group of an htools text file offline, as hbal
 * does, printing the moves and the initial and final score; with {@code -S OUT}, writes the
 * balanced cluster in the htools text format. hbal's switches ({@link BalanceSwitches}) restrict
 * the moves; instance names that name no instance are refused, as hbal refuses them. The instances
 * weigh what {@link LoadSwitches} give: hbal's dynamic utilisation file and mond's answers. With
 * {@code --search SECONDS}, the moves go on beyond hbal's last where a lower score is found.
 */
@Command(name = "balance", description = "Balance a cluster file offline (hbal's score and moves).")
public final class BalanceCommand extends HtoolsCommand {
  private static final double MAX_SEARCH = 86_400;

  @ParentCommand org.maintd.cli.Maintctl parent;

  /**
   * What {@code -o json} prints: the group balanced, the score before and after, and the moves
   * (each as hbal prints it: the instance, its nodes before and after, the score after it and
   * Ganeti's operations).
   */
  record Report(String group, double initialScore, double finalScore, List<BalanceMove> moves) {}

  @Option(
      names = {"-t", "--text-data"},
      required = true,
      description = "The htools text file to balance.")
  Path file;

  @Option(
      names = {"-G", "--group"},
      description = "The node group (name or uuid); needed when there are several.")
  String group;

  @Option(
      names = {"-l", "--max-moves", "--max-length"},
      defaultValue = "-1",
      description = "At most this many moves (default: no limit).")
  int maxMoves;

  @Option(
      names = {"-S", "--save"},
      description = "Write the balanced cluster to this file.")
  Path save;

  @Option(
      names = "--search",
      paramLabel = "SECONDS",
      defaultValue = "0",
      description =
          "Look for a lower score beyond where hbal stops, for at most this long (default 0: hbal's"
              + " moves).")
  double search;

  @Mixin BalanceSwitches switches;

  @Mixin LoadSwitches loadSwitches;

  @Override
  int run() throws Failure {
    Cluster cluster = read(file);
    BalanceOptions options = switches.options();
    refuseUnknownInstances(options, cluster);
    Group chosen = chosenGroup(cluster);
    if (cluster.instances().isEmpty()) {
      if (parent.json()) {
        System.out.println(ApiClient.pretty(new Report(chosen.name(), 0, 0, List.of())));
      } else {
        System.out.println("Cluster is empty, exiting.");
      }
      return 0;
    }
    Load.Checked load = loadSwitches.load().on(cluster);
    load.warnings().forEach(System.err::println);
    if (loadSwitches.exitOnMissing && !load.complete()) {
      throw new Failure("Not all required data available");
    }
    Balancer balancer = new Balancer(cluster, chosen.uuid(), options, load.load());
    if (!parent.json()) {
      System.out.printf("Selected node group: %s%n", chosen.name());
      System.out.printf("Initial score: %.8f%n", balancer.score());
    }
    BalanceResult result = searched(balancer, balancer.balance(maxMoves));
    if (parent.json()) {
      System.out.println(
          ApiClient.pretty(
              new Report(
                  chosen.name(), result.initialScore(), result.finalScore(), result.moves())));
    } else {
      print(result);
    }
    if (save != null) {
      save(result);
    }
    return 0;
  }

  /** Refuses instance names the switches give that name no instance, as hbal does. */
  private static void refuseUnknownInstances(BalanceOptions options, Cluster cluster)
      throws Failure {
    List<String> unknown = options.unknownInstances(cluster);
    if (!unknown.isEmpty()) {
      throw new Failure(
          "failed to load data, aborting: Unknown instance(s): "
              + unknown.stream()
                  .map(n -> "\"" + n + "\"")
                  .collect(Collectors.joining(",", "[", "]")));
    }
  }

  /** The node group {@code -G} names (by name or uuid); the only one when it names none. */
  private Group chosenGroup(Cluster cluster) throws Failure {
    Optional<Group> chosen =
        group == null
            ? (cluster.groups().size() == 1
                ? Optional.of(cluster.groups().get(0))
                : Optional.empty())
            : cluster.groups().stream()
                .filter(g -> g.name().equals(group) || g.uuid().equals(group))
                .findFirst();
    if (chosen.isEmpty()) {
      throw new Failure(
          group == null
              ? "the cluster has several node groups: choose one with -G"
              : "no node group " + group);
    }
    return chosen.get();
  }

  /** The moves as hbal prints them, then how the score changed and the solution's length. */
  private static void print(BalanceResult result) {
    int step = 0;
    for (BalanceMove m : result.moves()) {
      System.out.printf(
          "%5d. %s %s => %s %.8f a=%s%n",
          ++step,
          m.instance(),
          nodes(m.oldPrimary(), m.oldSecondary()),
          nodes(m.newPrimary(), m.newSecondary()),
          m.score(),
          m.commands());
    }
    if (result.moves().isEmpty()) {
      System.out.println("No solution found");
    } else {
      System.out.printf(
          "Cluster score improved from %.8f to %.8f%n", result.initialScore(), result.finalScore());
    }
    System.out.printf("Solution length=%d%n", result.moves().size());
  }

  /** Writes the balanced cluster to {@code -S}'s file, in the htools text format. */
  private void save(BalanceResult result) throws Failure {
    try {
      Files.writeString(save, new HtoolsWriter().write(result.balanced()));
    } catch (IOException e) {
      throw new Failure("cannot write " + save + ": " + e.getMessage());
    }
  }

  /**
   * hbal's solution, or with {@code --search} the best found beyond it in the time given; what the
   * search found is told on standard error.
   */
  private BalanceResult searched(Balancer balancer, BalanceResult greedy) throws Failure {
    if (search == 0) {
      return greedy;
    }
    if (!(search > 0) || search > MAX_SEARCH) {
      throw new Failure("--search: must be a number of seconds from 0 to " + MAX_SEARCH);
    }
    long start = System.nanoTime();
    long end = start + (long) (search * 1e9);
    BalanceResult found = balancer.search(greedy, maxMoves, () -> System.nanoTime() < end);
    System.err.printf(
        "Search: score %.8f after hbal's %.8f (%d more moves) in %.3f s%n",
        found.finalScore(),
        greedy.finalScore(),
        found.moves().size() - greedy.moves().size(),
        (System.nanoTime() - start) / 1e9);
    return found;
  }

  /** An instance's nodes as hbal prints them: {@code primary:secondary}, or the primary alone. */
  private static String nodes(String primary, String secondary) {
    return secondary.isEmpty() ? primary : primary + ":" + secondary;
  }
}
