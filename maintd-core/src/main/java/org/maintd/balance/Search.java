package org.maintd.balance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.maintd.cluster.Cluster;

/**
 * Looks beyond the first local minimum that hbal stops at, with hbal's placement checks and gain
 * rule: from the best state found, each move the options allow is made first (the one that raises
 * the score least first; of equal scores, in hbal's order), then hbal's steps from there; when that
 * ends lower than the best state, by a gain the options accept, its moves join the solution and the
 * search starts again from where they end. It stops when no first move leads lower, when the
 * caller's budget says so, or at {@code maxMoves} (negative: no limit). Every trial starts from a
 * model built afresh from the cluster as reported, with the solution's moves made again. Not
 * thread-safe.
 */
final class Search {
  private static final double MIN_GAIN = 1e-9;

  private final Cluster reported;
  private final String group;
  private final BalanceOptions options;
  private final Load load;
  private final int maxMoves;

  /** A search on {@code group} of the cluster as {@code reported} before any move. */
  Search(Cluster reported, String group, BalanceOptions options, Load load, int maxMoves) {
    this.reported = reported;
    this.group = group;
    this.options = options;
    this.load = load;
    this.maxMoves = maxMoves;
  }

  /**
   * The best solution found from hbal's {@code start}, made by {@code done}, while {@code more}
   * says to go on.
   */
  BalanceResult from(BalanceResult start, List<Step> done, BooleanSupplier more) {
    List<Step> steps = new ArrayList<>(done);
    List<BalanceMove> moves = new ArrayList<>(start.moves());
    BalanceResult best = start;
    while (room(moves) && more.getAsBoolean()) {
      Optional<Path> lower = lower(steps, best.finalScore(), moves.size(), s -> true, more);
      if (lower.isEmpty()) {
        break;
      }
      steps.addAll(lower.get().steps());
      moves.addAll(lower.get().moves());
      BalanceModel end = lower.get().end();
      best = new BalanceResult(start.initialScore(), end.score(), moves, end.toCluster(reported));
    }
    return best;
  }

  /**
   * The first move, among those {@code allowed} accepts, of a path from where {@code done} leads
   * (at {@code score}) that ends lower by a gain the options accept, while {@code more} says to go
   * on.
   */
  Optional<Step> first(
      List<Step> done, double score, Predicate<Step> allowed, BooleanSupplier more) {
    return lower(done, score, 0, allowed, more).map(p -> p.steps().get(0));
  }

  /** A path that ends lower: its steps, its moves, the model at its end. */
  private record Path(List<Step> steps, List<BalanceMove> moves, BalanceModel end) {}

  private Optional<Path> lower(
      List<Step> steps, double score, int made, Predicate<Step> allowed, BooleanSupplier more) {
    for (Step first : firstMoves(replayed(steps))) {
      if (!more.getAsBoolean()) {
        return Optional.empty();
      }
      if (!allowed.test(first)) {
        continue;
      }
      BalanceModel trial = replayed(steps);
      List<Step> pathSteps = new ArrayList<>(List.of(first));
      List<BalanceMove> path = new ArrayList<>(List.of(trial.apply(first.on(trial))));
      Balancer.descend(trial, options, maxMoves < 0 ? -1 : maxMoves - made, path, pathSteps);
      if (trial.score() < score - MIN_GAIN && options.accepts(score, trial.score())) {
        return Optional.of(new Path(pathSteps, path, trial));
      }
    }
    return Optional.empty();
  }

  /** A model of the cluster as reported, with {@code steps} made. */
  private BalanceModel replayed(List<Step> steps) {
    BalanceModel model = BalanceModel.of(reported, group, options, load);
    for (Step s : steps) {
      model.apply(s.on(model));
    }
    return model;
  }

  private boolean room(List<BalanceMove> moves) {
    return maxMoves < 0 || moves.size() < maxMoves;
  }

  /**
   * Every move the options allow and the placement checks accept, with the score after it, the
   * lowest first; of equal scores, in hbal's order.
   */
  private static List<Step> firstMoves(BalanceModel model) {
    List<Scored> out = new ArrayList<>();
    BalanceInstance[] instances = model.instances();
    Moves moves = model.moves();
    int[] online = model.onlineNodes();
    for (int k = 0; k < instances.length; k++) {
      BalanceInstance i = instances[k];
      if (!moves.movable(i)) {
        continue;
      }
      offer(model, k, MoveKind.FAILOVER, i.secondary, out);
      for (int t : online) {
        if (t == i.primary || t == i.secondary) {
          continue;
        }
        if (i.mirror == BalanceInstance.Mirror.INTERNAL) {
          offer(model, k, MoveKind.REPLACE_SECONDARY, t, out);
          offer(model, k, MoveKind.REPLACE_AND_FAILOVER, t, out);
          offer(model, k, MoveKind.REPLACE_PRIMARY, t, out);
          offer(model, k, MoveKind.FAILOVER_AND_REPLACE, t, out);
        } else {
          offer(model, k, MoveKind.FAILOVER_TO_ANY, t, out);
        }
      }
    }
    out.sort(Comparator.comparingDouble(Scored::score));
    return out.stream().map(Scored::step).toList();
  }

  private static void offer(
      BalanceModel model, int k, MoveKind kind, int target, List<Scored> scored) {
    BalanceInstance i = model.instances()[k];
    if (!model.moves().allows(i, kind)) {
      return;
    }
    NodeState[] trial = model.moves().trial(i, kind, target);
    if (trial != null) {
      scored.add(new Scored(new Step(k, kind, target), model.sums().scoreAfter(trial)));
    }
  }

  /** A first move and the score after it. */
  private record Scored(Step step, double score) {}
}
