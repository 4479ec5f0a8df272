package org.maintd.balance;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every move of every instance of the group, with what each changes in the score kept between steps
 * ({@link MoveRow}): a move made forgets only what depends on a node it changed, and the rest is
 * scored again against the new sums without being tried again. A step looks at the rows in the
 * order of their lower bounds ({@link RowBound}) and stops at the first that cannot beat the best
 * move found; within a row, only the moves whose own lower bound could beat it are scored exactly.
 * The move chosen is hbal's: the lowest score, and of equal scores the first in hbal's order
 * (instances in order; for each, the failover, then for each online node the new secondary, the new
 * secondary and failover, the new primary, the failover and new secondary; for shared storage the
 * failover to it). A move's slot is {@code 0} for the failover and {@code 1 + 4 j + k} for the
 * {@code k}-th kind onto the {@code j}-th online node. Not thread-safe.
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
  private final int width;
  private final MoveRow[] rows;
  private final double[] whole = new double[W];

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
  }

  /** The best allowed move, if one lowers the score, else null. */
  Candidate best(Predicate<Candidate> allowed) {
    Best best = new Best(sums.score(), allowed);
    long[] order = rowOrder();
    for (long entry : order) {
      int k = (int) entry;
      if (bound(k) >= best.score) {
        break;
      }
      scan(k, best);
    }
    return best.candidate;
  }

  /**
   * Forgets what depends on the {@code changed} nodes, which the move of {@code moved} has just
   * changed.
   */
  void changed(NodeState[] changed, BalanceInstance moved) {
    boolean[] touched = new boolean[nodes.length];
    for (NodeState n : changed) {
      touched[n.index] = true;
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
      for (int j = 0; j < online.length; j++) {
        if (touched[online[j]]) {
          row.forgetTargets(1 + 4 * j, 5 + 4 * j);
          widen(k, 1 + 4 * j, 5 + 4 * j);
        }
      }
    }
  }

  /** The rows of the movable instances, by their lower bound (unknown first), then in order. */
  private long[] rowOrder() {
    long[] out = new long[instances.length];
    int n = 0;
    for (int k = 0; k < instances.length; k++) {
      if (moves.movable(instances[k])) {
        out[n++] = k;
      }
    }
    long[] order = Arrays.copyOf(out, n);
    double[] bounds = new double[instances.length];
    for (long k : order) {
      bounds[(int) k] = bound((int) k);
    }
    return Arrays.stream(order)
        .boxed()
        .sorted((a, b) -> Double.compare(bounds[a.intValue()], bounds[b.intValue()]))
        .mapToLong(Long::longValue)
        .toArray();
  }

  /** A lower bound of the score of every move of row {@code k}; none known: minus infinity. */
  private double bound(int k) {
    MoveRow row = rows[k];
    if (row == null || !row.boundValid || row.anyPairs()) {
      return Double.NEGATIVE_INFINITY;
    }
    return sums.lowerBound(row.bound);
  }

  /** Scores every slot of row {@code k} that could beat the best, and sets the row's bound. */
  private void scan(int k, Best best) {
    MoveRow row = row(k);
    BalanceInstance i = instances[k];
    for (int b = 0; b < row.blocks.length; b++) {
      RowBound block = row.blocks[b];
      if (row.boundValid && !row.anyPairs() && sums.lowerBound(block) >= best.score) {
        continue;
      }
      block.clear();
      int end = Math.min(width, (b + 1) * MoveRow.BLOCK);
      for (int slot = b * MoveRow.BLOCK; slot < end; slot++) {
        if (!ready(i, row, slot)) {
          continue;
        }
        Map<String, Integer> p = row.combine(slot, whole);
        if (sums.lowerBound(whole, p, block) < best.score) {
          best.offer(i, slot, (long) k * width + slot, sums.scoreWith(whole, p));
        }
      }
    }
    row.joinBlocks();
  }

  /** Adds the slots {@code from} to {@code to} (excluded) of row {@code k} to its bounds. */
  private void widen(int k, int from, int to) {
    MoveRow row = rows[k];
    if (!row.boundValid) {
      return;
    }
    for (int slot = from; slot < to; slot++) {
      if (ready(instances[k], row, slot)) {
        RowBound block = row.block(slot);
        sums.lowerBound(whole, row.combine(slot, whole), block);
        row.bound.join(block);
      }
    }
  }

  private MoveRow row(int k) {
    if (rows[k] == null) {
      rows[k] = new MoveRow(width);
    }
    return rows[k];
  }

  /** Tries the parts of a slot not known yet; whether the move is allowed and not refused. */
  private boolean ready(BalanceInstance i, MoveRow row, int slot) {
    if (!row.opened) {
      open(i, row);
    }
    if (!row.open[slot]) {
      return false;
    }
    if (row.targetState[slot] == MoveRow.UNKNOWN) {
      row.targetState[slot] = tryTarget(i, kind(i, slot), target(i, slot), row, slot);
    }
    if (row.targetState[slot] == MoveRow.REFUSED) {
      return false;
    }
    if (row.sourceOf[slot] < 0) {
      row.sourceOf[slot] = source(i, kind(i, slot), target(i, slot), row);
    }
    return row.sources.get(row.sourceOf[slot]).delta() != null;
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

  private byte tryTarget(BalanceInstance i, MoveKind kind, int t, MoveRow row, int slot) {
    NodeState target = moves.target(i, kind, t);
    if (target == null) {
      return MoveRow.REFUSED;
    }
    row.targetPairs(slot, sums.delta(nodes, new NodeState[] {target}, row.targets, slot * W));
    return MoveRow.TRIED;
  }

  /** The row's source part for the move, tried if no slot with the same key has it yet. */
  private int source(BalanceInstance i, MoveKind kind, int t, MoveRow row) {
    long key = moves.sourceKey(i, kind, t);
    int known = row.findSource(kind, key);
    if (known >= 0) {
      return known;
    }
    NodeState[] own = moves.source(i, kind, t);
    if (own == null) {
      return row.addSource(new MoveRow.Source(kind, key, null, Map.of()));
    }
    double[] delta = new double[W];
    return row.addSource(new MoveRow.Source(kind, key, delta, sums.delta(nodes, own, delta, 0)));
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

  /** The lowest-scored allowed move so far; of equal scores, the first in hbal's order. */
  private final class Best {
    private final Predicate<Candidate> allowed;
    private double score;
    private long order = Long.MAX_VALUE;
    private Candidate candidate;

    Best(double score, Predicate<Candidate> allowed) {
      this.score = score;
      this.allowed = allowed;
    }

    void offer(BalanceInstance i, int slot, long at, double s) {
      if (s > score || (s == score && (candidate == null || at > order))) {
        return;
      }
      Candidate c = new Candidate(i, kind(i, slot), target(i, slot), s);
      if (allowed.test(c)) {
        candidate = c;
        score = s;
        order = at;
      }
    }
  }
}
