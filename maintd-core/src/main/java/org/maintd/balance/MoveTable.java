package org.maintd.balance;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Every move of every instance of the group, with what each changes in the score kept between steps
 * ({@link MoveRow}): a move made forgets only what depends on a node it changed, and the rest is
 * scored again against the new sums without being tried again; the target parts it tried again
 * widen the bounds of their blocks and kinds ({@link RowBound}), which therefore hold across moves,
 * also when the instance's own nodes changed. A step looks at the rows that could lower the score
 * in the order of their lower bounds and stops at the first that cannot beat the best move found;
 * within a row, only the kinds and blocks whose bound could beat it are looked at, and only the
 * moves whose own lower bound could beat it are scored exactly. The move chosen is hbal's: the
 * lowest score, and of equal scores the first in hbal's order (instances in order; for each, the
 * failover, then for each online node the new secondary, the new secondary and failover, the new
 * primary, the failover and new secondary; for shared storage the failover to it). A move's slot is
 * {@code 0} for the failover and {@code 1 + 4 j + k} for the {@code k}-th kind onto the {@code
 * j}-th online node. Not thread-safe.
 */
final class MoveTable {
  private static final MoveKind[] INTERNAL = {
    MoveKind.REPLACE_SECONDARY,
    MoveKind.REPLACE_AND_FAILOVER,
    MoveKind.REPLACE_PRIMARY,
    MoveKind.FAILOVER_AND_REPLACE
  };
  private static final int W = ScoreSums.WIDTH;

  private final NodeState[] nodes;
  private final ScoreSums sums;
  private final Moves moves;
  private final BalanceInstance[] instances;
  private final int[] online;
  private final int[] onlineAt;
  private final int width;
  private final MoveRow[] rows;
  private final double[] whole = new double[W];
  private final double[] rowBounds;

  /** For each node, a copy that the trials of target parts are made on. */
  private final NodeState[] trials;

  /** The target parts tried, shared by the instances of the same shape ({@link #shapes}). */
  private final TargetParts parts;

  private final int[] shapes;

  private final NodeState[] trial = new NodeState[1];

  /** The moves of {@code instances} onto the {@code online} nodes. */
  MoveTable(
      NodeState[] nodes, ScoreSums sums, Moves moves, BalanceInstance[] instances, int[] online) {
    this.nodes = nodes;
    this.sums = sums;
    this.moves = moves;
    this.instances = instances;
    this.online = online;
    this.width = 1 + 4 * online.length;
    this.rows = new MoveRow[instances.length];
    this.rowBounds = new double[instances.length];
    this.trials = new NodeState[nodes.length];
    this.parts = new TargetParts(nodes.length);
    this.shapes = TargetParts.shapes(instances);
    this.onlineAt = new int[nodes.length];
    Arrays.fill(onlineAt, -1);
    for (int j = 0; j < online.length; j++) {
      onlineAt[online[j]] = j;
    }
  }

  /**
   * The best allowed move that touches no {@code busy} node (indexed as the nodes), if one lowers
   * the score; the moves of the instances on a busy node and the moves onto one are not looked at.
   */
  Optional<Candidate> best(boolean[] busy, Predicate<Candidate> allowed) {
    BestMove best = new BestMove(sums.score(), busy, allowed);
    for (long entry : rowOrder(best)) {
      int k = (int) entry;
      if (rowBounds[k] >= best.score()) {
        break;
      }
      scan(k, best);
    }
    return best.candidate();
  }

  /**
   * Forgets what depends on the {@code changed} nodes, which the move of {@code moved} has just
   * changed.
   */
  void changed(NodeState[] changed, BalanceInstance moved) {
    boolean[] touched = new boolean[nodes.length];
    for (NodeState n : changed) {
      touched[n.index] = true;
      parts.forget(n.index);
    }
    for (int k = 0; k < instances.length; k++) {
      MoveRow row = rows[k];
      BalanceInstance i = instances[k];
      if (row == null) {
        continue;
      }
      if (i == moved) {
        row.forgetAll();
      } else if (touched[i.primary] || (i.secondary >= 0 && touched[i.secondary])) {
        row.forgetSources();
      }
      for (NodeState n : changed) {
        int j = onlineAt[n.index];
        if (j >= 0) {
          row.forgetTargets(1 + 4 * j, 5 + 4 * j);
          widen(k, 1 + 4 * j, 5 + 4 * j);
        }
      }
    }
  }

  /**
   * The rows of the movable instances on no busy node that could lower the score, by their lower
   * bound (unknown first), then in order.
   */
  private long[] rowOrder(BestMove best) {
    long[] out = new long[instances.length];
    int n = 0;
    for (int k = 0; k < instances.length; k++) {
      BalanceInstance i = instances[k];
      if (moves.movable(i)
          && !best.busy(i.primary)
          && (i.secondary < 0 || !best.busy(i.secondary))) {
        rowBounds[k] = bound(k);
        if (rowBounds[k] < sums.score()) {
          out[n++] = k;
        }
      }
    }
    return Arrays.stream(Arrays.copyOf(out, n))
        .boxed()
        .sorted((a, b) -> Double.compare(rowBounds[a.intValue()], rowBounds[b.intValue()]))
        .mapToLong(Long::longValue)
        .toArray();
  }

  /**
   * A lower bound of the score of every move of row {@code k}: the least over its kinds of the
   * bound of their whole deltas (made again when their source or target parts changed), each kind's
   * kept for the row's scan; none known: minus infinity.
   */
  private double bound(int k) {
    MoveRow row = rows[k];
    if (row == null || !row.known || row.anyPairs()) {
      return Double.NEGATIVE_INFINITY;
    }
    knowSources(instances[k], row);
    double least = Double.POSITIVE_INFINITY;
    for (int g = 0; g < MoveRow.KINDS; g++) {
      if (row.madeFrom[2 * g] != row.sourceKinds[g].stamp
          || row.madeFrom[2 * g + 1] != row.kinds[g].stamp) {
        sums.combine(row.sourceKinds[g], row.kinds[g], row.wholeKinds[g]);
        row.madeFrom[2 * g] = row.sourceKinds[g].stamp;
        row.madeFrom[2 * g + 1] = row.kinds[g].stamp;
      }
      row.kindBounds[g] = sums.lowerBound(row.wholeKinds[g]);
      least = Math.min(least, row.kindBounds[g]);
    }
    return least;
  }

  /** A lower bound of the score of every move of block {@code b} of a known row. */
  private double blockBound(MoveRow row, int b) {
    double least = Double.POSITIVE_INFINITY;
    for (int k = 0; k < row.blockSourceCount(b); k++) {
      MoveRow.Source s = row.sourceOfBlock(b, k);
      if (s.delta() != null) {
        least = Math.min(least, sums.lowerBound(sums.bound(s.delta(), s.bound()), row.blocks[b]));
      }
    }
    return least;
  }

  /** Scores every slot of row {@code k} that could beat the best, and sets the row's bounds. */
  private void scan(int k, BestMove best) {
    MoveRow row = row(k);
    BalanceInstance i = instances[k];
    if (!row.opened) {
      open(i, row);
    }
    boolean bounded = row.known && !row.anyPairs();
    if (bounded) {
      knowSources(i, row);
    }
    for (int b = 0; b < row.blocks.length; b++) {
      if (!bounded
          || (row.kindBounds[row.kindOfBlock(b)] < best.score()
              && blockBound(row, b) < best.score())) {
        scanBlock(k, row, b, best);
      }
    }
    row.joinKinds();
    row.known = true;
    row.sourcesKnown = true;
  }

  /** Scores every slot of block {@code b} that could beat the best, and sets the block's bound. */
  private void scanBlock(int k, MoveRow row, int b, BestMove best) {
    BalanceInstance i = instances[k];
    RowBound block = row.blocks[b];
    block.clear();
    for (int slot = row.firstSlot(b); slot < row.endSlot(b); slot += 4) {
      if (!row.open[slot] || !target(k, row, slot)) {
        continue;
      }
      if (row.sourceOf[slot] < 0) {
        row.blockSource(b, sourceOf(i, row, slot));
      }
      MoveRow.Source s = row.sources.get(row.sourceOf[slot]);
      if (s.delta() == null || best.busy(target(i, slot))) {
        sums.widen(row.targets[slot].delta(), 0, block, block);
        continue;
      }
      SourceBound sb = sums.bound(s.delta(), s.bound());
      double low = sums.lowerBound(sb, row.targets[slot].delta(), 0, block);
      Map<String, Integer> p = row.anyPairs() ? row.combine(slot, whole) : Map.of();
      if (low + sums.pairChange(p) < best.score()) {
        p = row.combine(slot, whole);
        best.offer(
            i, kind(i, slot), target(i, slot), (long) k * width + slot, sums.scoreWith(whole, p));
      }
    }
  }

  /**
   * Adds the slots {@code from} to {@code to} (excluded) of row {@code k}, tried again, to its
   * bounds.
   */
  private void widen(int k, int from, int to) {
    MoveRow row = rows[k];
    if (!row.known) {
      return;
    }
    BalanceInstance i = instances[k];
    for (int slot = from; slot < to; slot++) {
      if (row.open[slot] && target(k, row, slot)) {
        int b = row.blockOf(slot);
        sums.widen(row.targets[slot].delta(), 0, row.blocks[b], row.kinds[MoveRow.kindOf(slot)]);
        if (row.sourcesKnown && row.sourceOf[slot] < 0) {
          row.blockSource(b, sourceOf(i, row, slot));
        }
      }
    }
  }

  /** Has every block of a known row know the source parts of its slots. */
  private void knowSources(BalanceInstance i, MoveRow row) {
    if (row.sourcesKnown) {
      return;
    }
    for (int b = 0; b < row.blocks.length; b++) {
      for (int slot = row.firstSlot(b); slot < row.endSlot(b); slot += 4) {
        if (row.open[slot] && row.targetState[slot] == MoveRow.TRIED) {
          row.blockSource(b, sourceOf(i, row, slot));
        }
      }
    }
    row.sourcesKnown = true;
  }

  private MoveRow row(int k) {
    if (rows[k] == null) {
      rows[k] = new MoveRow(width);
    }
    return rows[k];
  }

  /**
   * Takes the slot's target part of row {@code k} if not known yet; whether the target accepts the
   * move.
   */
  private boolean target(int k, MoveRow row, int slot) {
    if (row.targetState[slot] == MoveRow.UNKNOWN) {
      row.targetState[slot] = takeTarget(k, row, slot);
    }
    return row.targetState[slot] == MoveRow.TRIED;
  }

  /** The slot's source part, tried if not known yet. */
  private int sourceOf(BalanceInstance i, MoveRow row, int slot) {
    if (row.sourceOf[slot] < 0) {
      row.sourceOf[slot] = source(i, kind(i, slot), target(i, slot), row, MoveRow.kindOf(slot));
    }
    return row.sourceOf[slot];
  }

  /** Which slots of the row the options allow, with the instance where it is. */
  private void open(BalanceInstance i, MoveRow row) {
    for (int slot = 0; slot < width; slot++) {
      MoveKind kind = kind(i, slot);
      int t = target(i, slot);
      row.open[slot] =
          kind != null
              && moves.allows(i, kind)
              && (slot == 0 || (t != i.primary && t != i.secondary));
    }
    row.opened = true;
  }

  /** The slot's target part of row {@code k}, tried if no instance of its key has it yet. */
  private byte takeTarget(int k, MoveRow row, int slot) {
    BalanceInstance i = instances[k];
    MoveKind kind = kind(i, slot);
    int t = target(i, slot);
    TargetParts.Part part =
        parts.of(t, moves.targetKey(i, kind, t, shapes[k]), key -> tryTarget(i, kind, t));
    if (part instanceof TargetParts.Tried tried) {
      row.target(slot, tried);
      return MoveRow.TRIED;
    }
    return MoveRow.REFUSED;
  }

  private TargetParts.Part tryTarget(BalanceInstance i, MoveKind kind, int t) {
    if (trials[t] == null) {
      trials[t] = nodes[t].copy();
    }
    NodeState target = moves.target(i, kind, t, trials[t]);
    if (target == null) {
      return new TargetParts.Refused();
    }
    trial[0] = target;
    double[] delta = new double[W];
    return new TargetParts.Tried(delta, sums.delta(nodes, trial, delta, 0));
  }

  /** The row's source part for the move, tried if no slot with the same key has it yet. */
  private int source(BalanceInstance i, MoveKind kind, int t, MoveRow row, int of) {
    long key = moves.sourceKey(i, kind, t);
    int known = row.findSource(kind, key);
    if (known >= 0) {
      return known;
    }
    NodeState[] own = moves.source(i, kind, t);
    if (own == null) {
      return row.addSource(new MoveRow.Source(kind, key, null, Map.of(), of));
    }
    double[] delta = new double[W];
    Map<String, Integer> pairs = sums.delta(nodes, own, delta, 0);
    sums.widen(delta, 0, row.sourceKinds[of], row.sourceKinds[of]);
    return row.addSource(new MoveRow.Source(kind, key, delta, pairs, of));
  }

  /** The kind of a slot's move; null for the slots a shared-storage instance does not use. */
  private static MoveKind kind(BalanceInstance i, int slot) {
    if (slot == 0) {
      return MoveKind.FAILOVER;
    }
    int k = (slot - 1) % 4;
    if (i.mirror == BalanceInstance.Mirror.INTERNAL) {
      return INTERNAL[k];
    }
    return k == 0 ? MoveKind.FAILOVER_TO_ANY : null;
  }

  /** The node a slot's move names: the secondary for the failover, else its online node. */
  private int target(BalanceInstance i, int slot) {
    return slot == 0 ? i.secondary : online[(slot - 1) / 4];
  }
}
