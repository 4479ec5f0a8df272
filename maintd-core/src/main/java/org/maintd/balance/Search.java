package org.maintd.balance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
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
    boolean found = true;
    while (found && room(moves) && more.getAsBoolean()) {
      found = false;
      for (Step first : firstMoves(replayed(steps))) {
        if (!more.getAsBoolean()) {
          break;
        }
        BalanceModel trial = replayed(steps);
        List<Step> pathSteps = new ArrayList<>(List.of(first));
        List<BalanceMove> path = new ArrayList<>(List.of(trial.apply(first.on(trial))));
        int left = maxMoves < 0 ? -1 : maxMoves - moves.size();
        Balancer.descend(trial, options, left, path, pathSteps);
        double score = trial.score();
        if (score < best.finalScore() - MIN_GAIN && options.accepts(best.finalScore(), score)) {
          steps.addAll(pathSteps);
          moves.addAll(path);
          best = new BalanceResult(start.initialScore(), score, moves, trial.toCluster(reported));
          found = true;
          break;
        }
      }
    }
    return best;
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
