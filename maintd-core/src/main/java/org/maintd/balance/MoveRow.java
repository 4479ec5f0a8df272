package org.maintd.balance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One instance's moves in a {@link MoveTable}, each slot's change to the score split in two: what
 * the move does to the instance's own nodes (its source part, shared by the slots whose targets
 * leave those nodes alike), and what it does to the target (its target part, shared with the other
 * instances alike for it: {@link TargetParts}). A change of the instance's nodes forgets the source
 * parts only; a change of a target forgets that target's parts. The slots are kept in blocks: the
 * failover alone, then for each of the four kinds the slots of 16 targets in turn; each block keeps
 * the least and greatest of what bounds its target parts ({@link RowBound}) and which source parts
 * its slots take, and so does each kind over its blocks. Not thread-safe.
 */
final class MoveRow {
  static final byte UNKNOWN = 0;
  static final byte REFUSED = 1;
  static final byte TRIED = 2;

  /** The targets of a block. */
  static final int BLOCK = 16;

  /** The kinds of slots: the failover, then the four kinds onto a target. */
  static final int KINDS = 5;

  private static final int W = ScoreSums.WIDTH;
  private static final int SPREADS = (W - ScoreSums.SPREADS_AT) / 2;

  /**
   * A source part: the kind and key it was tried for, its delta (null: refused), its pair changes,
   * the kind of slots it serves, and its bound.
   */
  record Source(
      MoveKind kind,
      long key,
      double[] delta,
      Map<String, Integer> pairs,
      int of,
      SourceBound bound) {
    Source(MoveKind kind, long key, double[] delta, Map<String, Integer> pairs, int of) {
      this(kind, key, delta, pairs, of, new SourceBound(SPREADS));
    }
  }

  final byte[] targetState;
  final boolean[] open;
  boolean opened;

  /** Each slot's target part, when its state is {@link #TRIED}: shared ({@link TargetParts}). */
  final TargetParts.Tried[] targets;

  final int[] sourceOf;
  final List<Source> sources = new ArrayList<>();
  final RowBound[] blocks;
  final RowBound[] kinds = new RowBound[KINDS];

  /** For each kind, the bound of its source parts, and of its slots' whole deltas. */
  final RowBound[] sourceKinds = new RowBound[KINDS];

  final RowBound[] wholeKinds = new RowBound[KINDS];

  /** For each kind, the lower bound of its slots' scores at the step's sums. */
  final double[] kindBounds = new double[KINDS];

  /** For each kind, the stamps of its source and target bounds its whole bound was made from. */
  final long[] madeFrom = new long[2 * KINDS];

  /** Whether every block's bound holds every slot whose target part is known. */
  boolean known;

  /** Whether every block knows the source parts of its slots whose target part is known. */
  boolean sourcesKnown;

  private final int chunks;
  private final int[][] blockSources;
  private final int[] blockSourceCount;

  /** For each source part, the block it was last noted for. */
  private int[] lastBlockOf = new int[8];

  private boolean anyPairs;

  MoveRow(int slots) {
    targetState = new byte[slots];
    open = new boolean[slots];
    targets = new TargetParts.Tried[slots];
    sourceOf = new int[slots];
    Arrays.fill(sourceOf, -1);
    int targetCount = (slots - 1) / 4;
    chunks = (targetCount + BLOCK - 1) / BLOCK;
    blocks = new RowBound[1 + 4 * chunks];
    blockSources = new int[blocks.length][2];
    blockSourceCount = new int[blocks.length];
    for (int b = 0; b < blocks.length; b++) {
      blocks[b] = new RowBound();
    }
    for (int k = 0; k < KINDS; k++) {
      kinds[k] = new RowBound();
      sourceKinds[k] = new RowBound();
      wholeKinds[k] = new RowBound();
    }
    targetState[0] = TRIED;
    targets[0] = TargetParts.Tried.NONE;
  }

  /** Forgets every part: the instance moved. */
  void forgetAll() {
    opened = false;
    known = false;
    Arrays.fill(targetState, UNKNOWN);
    targetState[0] = TRIED;
    forgetSources();
  }

  /** Forgets the source parts: one of the instance's nodes changed. */
  void forgetSources() {
    Arrays.fill(sourceOf, -1);
    sources.clear();
    Arrays.fill(blockSourceCount, 0);
    for (RowBound k : sourceKinds) {
      k.clear();
    }
    sourcesKnown = false;
  }

  /** Forgets the target parts of {@code from} up to {@code to} (excluded). */
  void forgetTargets(int from, int to) {
    Arrays.fill(targetState, from, to, UNKNOWN);
  }

  /** The kind of a slot: 0 for the failover, {@code 1 + k} for the {@code k}-th kind. */
  static int kindOf(int slot) {
    return slot == 0 ? 0 : 1 + (slot - 1) % 4;
  }

  /** The block that holds {@code slot}. */
  int blockOf(int slot) {
    return slot == 0 ? 0 : 1 + ((slot - 1) % 4) * chunks + (slot - 1) / 4 / BLOCK;
  }

  /** The kind of the slots of block {@code b}. */
  int kindOfBlock(int b) {
    return b == 0 ? 0 : 1 + (b - 1) / chunks;
  }

  /** The first slot of block {@code b}; the next are 4 apart. */
  int firstSlot(int b) {
    return b == 0 ? 0 : 1 + 4 * BLOCK * ((b - 1) % chunks) + (b - 1) / chunks;
  }

  /** After the last slot of block {@code b}. */
  int endSlot(int b) {
    return b == 0 ? 1 : Math.min(firstSlot(b) + 4 * BLOCK, targetState.length);
  }

  /**
   * Notes that a slot of block {@code b} takes source part {@code source}: a block knows every
   * source part its slots took since the source parts were last forgotten.
   */
  void blockSource(int b, int source) {
    if (lastBlockOf[source] == b) {
      return;
    }
    lastBlockOf[source] = b;
    int n = blockSourceCount[b];
    int[] known = blockSources[b];
    for (int k = 0; k < n; k++) {
      if (known[k] == source) {
        return;
      }
    }
    if (n == known.length) {
      blockSources[b] = known = Arrays.copyOf(known, 2 * n);
    }
    known[n] = source;
    blockSourceCount[b] = n + 1;
  }

  /** How many source parts block {@code b}'s slots take. */
  int blockSourceCount(int b) {
    return blockSourceCount[b];
  }

  /** The {@code k}-th source part that block {@code b}'s slots take. */
  Source sourceOfBlock(int b, int k) {
    return sources.get(blockSources[b][k]);
  }

  /** Sets each kind's bound from its blocks' bounds. */
  void joinKinds() {
    for (RowBound k : kinds) {
      k.clear();
    }
    for (int b = 0; b < blocks.length; b++) {
      kinds[kindOfBlock(b)].join(blocks[b]);
    }
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
    if (sources.size() == lastBlockOf.length) {
      lastBlockOf = Arrays.copyOf(lastBlockOf, 2 * lastBlockOf.length);
    }
    lastBlockOf[sources.size()] = -1;
    sources.add(s);
    anyPairs |= !s.pairs().isEmpty();
    return sources.size() - 1;
  }

  /** Sets the slot's target part, tried. */
  void target(int slot, TargetParts.Tried part) {
    targets[slot] = part;
    anyPairs |= !part.pairs().isEmpty();
  }

  /** Whether some part changes location-exclusion pairs (the bounds do not count them). */
  boolean anyPairs() {
    return anyPairs;
  }

  /**
   * Writes the slot's whole delta (its source part, then its target part, added term by term) into
   * {@code out}; returns its pair changes.
   */
  Map<String, Integer> combine(int slot, double[] out) {
    Source s = sources.get(sourceOf[slot]);
    double[] target = targets[slot].delta();
    for (int k = 0; k < W; k++) {
      out[k] = s.delta()[k] + target[k];
    }
    Map<String, Integer> tp = targets[slot].pairs();
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
}
