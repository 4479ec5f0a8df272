package org.maintd.balance;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.maintd.cluster.Cluster;

/**
 * Balances one node group as hbal does: at each step, every move of every movable instance
 * (failover; for DRBD also a new secondary, a new primary, and the two combinations; for shared
 * storage a failover to any node) that the {@link BalanceOptions} allow is tried against the
 * placement checks, and the move that lowers the cluster score most is made; steps go on while the
 * options accept their gain (by default any gain above a score of 0.1, at least 0.01 below it),
 * until the score cannot get lower than N+1 allows, or {@code maxMoves}. Scores are updated
 * incrementally, from the nodes a move touches, and a move is tried again only when one of its
 * nodes changed; whether the best move gains enough is judged on the score of the state after it,
 * summed afresh, so that rounding never makes a move and its reverse both seem to gain. Drained
 * nodes count as offline, as the htools see them on a live cluster: they receive nothing. Not
 * thread-safe.
 */
public final class Balancer {
  private static final double MIN_SCORE = 1e-9;

  private final Cluster cluster;
  private final String group;
  private final BalanceOptions options;
  private final Load load;
  private final BalanceModel model;
  private final List<Step> steps = new ArrayList<>();

  /** Balances with hbal's default options. */
  public Balancer(Cluster cluster, String group) {
    this(cluster, group, BalanceOptions.hbal());
  }

  /**
   * Balances node group {@code group} (uuid) as {@code options} allow; their instance names that
   * name no instance are left out (see {@link BalanceOptions#unknownInstances}).
   */
  public Balancer(Cluster cluster, String group, BalanceOptions options) {
    this(cluster, group, options, Load.none());
  }

  /**
   * Balances as {@code options} allow, weighing each instance with its {@code load} as hbal does (a
   * CPU measure that not every node answered is left out: see {@link Load#on}).
   */
  public Balancer(Cluster cluster, String group, BalanceOptions options, Load load) {
    this.cluster = cluster;
    this.group = group;
    this.options = options;
    this.load = load;
    this.model = BalanceModel.of(cluster, group, options, load);
  }

  public double score() {
    return model.score();
  }

  /** Balances, at most {@code maxMoves} moves (negative: no limit). */
  public BalanceResult balance(int maxMoves) {
    double initial = model.score();
    List<BalanceMove> moves = new ArrayList<>();
    if (initial - model.optimalScore() < MIN_SCORE) {
      return new BalanceResult(initial, initial, moves, cluster);
    }
    descend(model, options, maxMoves, moves, steps);
    return new BalanceResult(initial, model.score(), moves, model.toCluster(cluster));
  }

  /**
   * Looks for a lower score than hbal's solution {@code greedy} (this balancer's {@link #balance}),
   * beyond where hbal stops, while {@code more} says so (see {@link Search}); at most {@code
   * maxMoves} moves in all (negative: no limit). Gives {@code greedy} when it finds none lower.
   */
  public BalanceResult search(BalanceResult greedy, int maxMoves, BooleanSupplier more) {
    if (greedy.finalScore() - model.optimalScore() < MIN_SCORE) {
      return greedy;
    }
    return new Search(cluster, group, options, load, maxMoves).from(greedy, steps, more);
  }

  /**
   * hbal's steps on {@code model}: the best move while the options accept its gain, until the score
   * cannot get lower than N+1 allows or {@code moves} holds {@code maxMoves} (negative: no limit);
   * each move made is added to {@code moves}, and to {@code steps} as a step to make again.
   */
  static void descend(
      BalanceModel model,
      BalanceOptions options,
      int maxMoves,
      List<BalanceMove> moves,
      List<Step> steps) {
    double floor = model.optimalScore() + MIN_SCORE;
    while ((maxMoves < 0 || moves.size() < maxMoves) && model.score() > floor) {
      double before = model.score();
      Optional<Candidate> best = model.bestMove();
      if (best.isEmpty() || !options.accepts(before, model.scoreAfter(best.get()))) {
        return;
      }
      steps.add(Step.of(model, best.get()));
      moves.add(model.apply(best.get()));
    }
  }

  /**
   * Makes the best move that {@code allowed} accepts, if the options accept its gain; for the
   * daemon, which takes one move at a time around the other work of a round.
   */
  public Optional<BalanceMove> step(Predicate<BalanceMove> allowed) {
    return step(Set.of(), allowed);
  }

  /**
   * The same, never touching the {@code busy} nodes (by name): the moves of the instances on them
   * and the moves onto them are not looked at, so that a step stays fast when a round has taken
   * most of the group's nodes.
   */
  public Optional<BalanceMove> step(Set<String> busy, Predicate<BalanceMove> allowed) {
    double before = model.score();
    Optional<Candidate> best =
        model.bestMove(model.marked(busy), c -> allowed.test(model.preview(c)));
    if (best.isEmpty() || !options.accepts(before, model.scoreAfter(best.get()))) {
      return Optional.empty();
    }
    steps.add(Step.of(model, best.get()));
    return Optional.of(model.apply(best.get()));
  }

  /**
   * Where {@link #step} finds no move: makes the first move, if {@code allowed} accepts it, of a
   * path that ends lower, as {@link Search} finds one in at most {@code options.searchTries()}
   * trials (none with 0); the rounds after follow the path with {@link #step}. For the daemon.
   */
  public Optional<BalanceMove> searchStep(Predicate<BalanceMove> allowed) {
    int[] left = {options.searchTries()};
    if (left[0] == 0 || model.score() - model.optimalScore() < MIN_SCORE) {
      return Optional.empty();
    }
    Optional<Step> first =
        new Search(cluster, group, options, load, -1)
            .first(
                steps,
                model.score(),
                s -> allowed.test(model.preview(s.on(model))),
                () -> left[0]-- > 0);
    first.ifPresent(steps::add);
    return first.map(s -> model.apply(s.on(model)));
  }

  /** The group's uuid. */
  public String group() {
    return group;
  }
}
