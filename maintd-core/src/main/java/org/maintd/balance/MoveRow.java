package org.maintd.balance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One instance's moves in a {@link MoveTable}, each slot's change to the score split in two: what
 * the move does to the instance's own nodes (its source part, shared by the slots whose targets
 * leave those nodes alike), and what it does to the target (its target part). A change of the
 * instance's nodes forgets the source parts only; a change of a target forgets that target's parts.
 * Keeps, over every slot, the least and greatest of what bounds its score ({@link RowBound}). Not
 * thread-safe.
 */
final class MoveRow {
  static final byte UNKNOWN = 0;
  static final byte REFUSED = 1;
  static final byte TRIED = 2;

  /** The slots of a block, which keeps its own bound. */
  static final int BLOCK = 16;

  private static final int W = ScoreSums.WIDTH;

  /** A source part: the kind and key it was tried for, and its delta (null: refused). */
  record Source(MoveKind kind, long key, double[] delta, Map<String, Integer> pairs) {}

  final byte[] targetState;
  final boolean[] open;
  boolean opened;
  final double[] targets;
  final int[] sourceOf;
  final List<Source> sources = new ArrayList<>();
  final RowBound bound = new RowBound();
  final RowBound[] blocks;
  boolean boundValid;
  private Map<?, ?>[] targetPairs;
  private boolean anyPairs;

  MoveRow(int slots) {
    targetState = new byte[slots];
    open = new boolean[slots];
    targets = new double[slots * W];
    sourceOf = new int[slots];
    Arrays.fill(sourceOf, -1);
    blocks = new RowBound[(slots + BLOCK - 1) / BLOCK];
    for (int b = 0; b < blocks.length; b++) {
      blocks[b] = new RowBound();
    }
    targetState[0] = TRIED;
  }

  /** Forgets every part: the instance moved. */
  void forgetAll() {
    opened = false;
    Arrays.fill(targetState, UNKNOWN);
    targetState[0] = TRIED;
    forgetSources();
  }

  /** The bound of the block that holds {@code slot}. */
  RowBound block(int slot) {
    return blocks[slot / BLOCK];
  }

  /** Clears the row's bound and every block's. */
  void clearBounds() {
    bound.clear();
    for (RowBound b : blocks) {
      b.clear();
    }
  }

  /** Sets the row's bound from its blocks' bounds. */
  void joinBlocks() {
    bound.clear();
    for (RowBound b : blocks) {
      bound.join(b);
    }
    boundValid = true;
  }

  /** Forgets the source parts: one of the instance's nodes changed. */
  void forgetSources() {
    Arrays.fill(sourceOf, -1);
    sources.clear();
    boundValid = false;
  }

  /** Forgets the target parts of {@code from} up to {@code to} (excluded). */
  void forgetTargets(int from, int to) {
    Arrays.fill(targetState, from, to, UNKNOWN);
  }

  /** The source part of {@code kind} for {@code key}, if tried. */
  int findSource(MoveKind kind, long key) {
    for (int k = 0; k < sources.size(); k++) {
      Source s = sources.get(k);
      if (s.kind() == kind && s.key() == key) {
        return k;
      }
    }
    return -1;
  }

  int addSource(Source s) {
    sources.add(s);
    anyPairs |= !s.pairs().isEmpty();
    return sources.size() - 1;
  }

  void targetPairs(int slot, Map<String, Integer> p) {
    if (!p.isEmpty() && targetPairs == null) {
      targetPairs = new Map<?, ?>[targetState.length];
    }
    if (targetPairs != null) {
      targetPairs[slot] = p.isEmpty() ? null : p;
    }
    anyPairs |= !p.isEmpty();
  }

  /** Whether some part changes location-exclusion pairs (the row bound does not count them). */
  boolean anyPairs() {
    return anyPairs;
  }

  /**
   * Writes the slot's whole delta (its source part, then its target part, added term by term) into
   * {@code out}; returns its pair changes.
   */
  Map<String, Integer> combine(int slot, double[] out) {
    Source s = sources.get(sourceOf[slot]);
    int at = slot * W;
    for (int k = 0; k < W; k++) {
      out[k] = s.delta()[k] + targets[at + k];
    }
    Map<String, Integer> tp = targetPairs(slot);
    if (tp.isEmpty()) {
      return s.pairs();
    }
    if (s.pairs().isEmpty()) {
      return tp;
    }
    Map<String, Integer> both = new HashMap<>(s.pairs());
    tp.forEach((k, v) -> both.merge(k, v, Integer::sum));
    both.values().removeIf(v -> v == 0);
    return both;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Integer> targetPairs(int slot) {
    return targetPairs == null || targetPairs[slot] == null
        ? Map.of()
        : (Map<String, Integer>) targetPairs[slot];
  }
}
