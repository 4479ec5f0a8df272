package org.maintd.balance;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * The score's aggregates over a node group: for each term, the count, sum and sum of squares of the
 * online nodes' values (for the two offline terms, the sums over the offline nodes), and the
 * location-exclusion pairs of the online nodes. A move made replaces its nodes. A trial move's
 * change to them is written as a delta of {@link #WIDTH} numbers (the change of each term that is a
 * plain sum, then for each spread the change of the sum and of the sum of squares), with the
 * changes of the pair counts beside it, so that it can be scored again against the sums of a later
 * step without being tried again. Not thread-safe.
 */
final class ScoreSums {
  private static final ScoreComponent[] TERMS = ScoreComponent.values();
  private static final boolean[] OFFLINE_TERM = offlineTerms();
  private static final int[] SPREADS = spreads();
  private static final boolean[] IS_SPREAD = isSpread();
  private static final int[] SUMS = sums();
  private static final double[] SUM_WEIGHTS =
      Arrays.stream(SUMS).mapToDouble(c -> TERMS[c].weight()).toArray();
  private static final int OFFLINE_ALL = ScoreComponent.OFFLINE_ALL_CNT.ordinal();
  private static final int OFFLINE_PRI = ScoreComponent.OFFLINE_PRI_CNT.ordinal();
  private static final double PAIR_WEIGHT = ScoreComponent.LOCATION_EXCLUSION_SCORE.weight();

  /** Where a delta's spreads begin: first come the changes of the terms that are plain sums. */
  static final int SPREADS_AT = SUMS.length;

  /** The numbers of a delta. */
  static final int WIDTH = SPREADS_AT + 2 * SPREADS.length;

  private final NodeState[] nodes;
  private final boolean[] inGroup;
  private final double[][] vectors;
  private final double[] count = new double[TERMS.length];
  private final double[] sum = new double[TERMS.length];
  private final double[] sumSq = new double[TERMS.length];
  private final SpreadBounds bounds = new SpreadBounds(SPREADS.length);
  private final double[] deltaSum = new double[TERMS.length];
  private final double[] deltaSq = new double[TERMS.length];
  private final double[] scratch = new double[TERMS.length];
  private final Map<String, Integer> pairs = new HashMap<>();
  private long pairTotal;
  private double score;
  private long version;

  /**
   * The sums over the nodes that are {@code inGroup}, of {@code nodes} (the model's, as moves
   * replace them).
   */
  ScoreSums(NodeState[] nodes, boolean[] inGroup) {
    this.nodes = nodes;
    this.inGroup = inGroup;
    vectors = new double[nodes.length][];
    for (int n = 0; n < nodes.length; n++) {
      if (inGroup[n]) {
        vectors[n] = NodeTerms.of(nodes[n]);
        changePairs(nodes[n], 1);
      }
    }
    sumUp(vectors, count, sum, sumSq);
    refresh();
  }

  /**
   * A move made: the {@code changed} nodes take the places of the model's nodes of the same index
   * (the caller puts them in). The sums are taken again, node by node in order, so that the score
   * of a state does not depend on the moves that led to it: rounding never lets a move and its
   * reverse both seem to gain.
   */
  void moved(NodeState[] changed) {
    for (NodeState n : changed) {
      changePairs(nodes[n.index], -1);
      changePairs(n, 1);
      vectors[n.index] = NodeTerms.of(n);
    }
    sumUp(vectors, count, sum, sumSq);
    refresh();
    version++;
  }

  /**
   * The score of the state after the move that leaves the {@code changed} nodes, summed afresh as
   * {@link #moved} sums it: what the score will be once it is made, to the last bit.
   */
  double scoreAfter(NodeState[] changed) {
    double[][] after = vectors.clone();
    for (NodeState n : changed) {
      after[n.index] = NodeTerms.of(n);
    }
    double[] c = new double[TERMS.length];
    double[] s = new double[TERMS.length];
    double[] q = new double[TERMS.length];
    sumUp(after, c, s, q);
    Map<String, Integer> p = new HashMap<>();
    for (NodeState n : changed) {
      if (!n.offline) {
        pairs(nodes[n.index].locationExclusion, n.locationExclusion, p);
      }
    }
    long pairValue = pairValueWith(p);
    double total = 0;
    for (int t = 0; t < TERMS.length; t++) {
      total += TERMS[t].weight() * value(t, c[t], s[t], q[t], pairValue);
    }
    return total;
  }

  double score() {
    return score;
  }

  /** Every term's value, before weighting. */
  Map<ScoreComponent, Double> components() {
    Map<ScoreComponent, Double> out = new EnumMap<>(ScoreComponent.class);
    for (int c = 0; c < TERMS.length; c++) {
      out.put(TERMS[c], value(c, sum[c], sumSq[c]));
    }
    return out;
  }

  /**
   * Writes at {@code at} of {@code out} what the {@code changed} trial copies would change in place
   * of the {@code current} nodes of the same index; returns the changes of the pair counts (empty
   * when none).
   */
  Map<String, Integer> delta(NodeState[] current, NodeState[] changed, double[] out, int at) {
    for (int c = 0; c < TERMS.length; c++) {
      deltaSum[c] = 0;
      deltaSq[c] = 0;
    }
    Map<String, Integer> pairDelta = Map.of();
    for (NodeState n : changed) {
      terms(n);
      Map<String, Integer> before = current[n.index].locationExclusion;
      if (!n.offline && before != n.locationExclusion) {
        pairDelta = pairDelta.isEmpty() ? new HashMap<>() : pairDelta;
        pairs(before, n.locationExclusion, pairDelta);
      }
    }
    for (int j = 0; j < SUMS.length; j++) {
      out[at + j] = deltaSum[SUMS[j]];
    }
    for (int k = 0; k < SPREADS.length; k++) {
      out[at + SPREADS_AT + 2 * k] = deltaSum[SPREADS[k]];
      out[at + SPREADS_AT + 1 + 2 * k] = deltaSq[SPREADS[k]];
    }
    if (!pairDelta.isEmpty()) {
      pairDelta.values().removeIf(v -> v == 0);
    }
    return pairDelta;
  }

  /** The score with the delta {@code d} made, and the pair changes {@code p}. */
  double scoreWith(double[] d, Map<String, Integer> p) {
    double total = score + fixed(d, 0);
    for (int k = 0; k < SPREADS.length; k++) {
      double ds = d[SPREADS_AT + 2 * k];
      double dq = d[SPREADS_AT + 1 + 2 * k];
      if (ds != 0 || dq != 0) {
        int c = SPREADS[k];
        total +=
            TERMS[c].weight() * deviation(count[c], sum[c] + ds, sumSq[c] + dq) - bounds.spread(k);
      }
    }
    return total + pairChange(p);
  }

  /** {@code out} set for the source part of delta {@code d} and the sums as they are. */
  SourceBound bound(double[] d, SourceBound out) {
    if (out.version != version) {
      out.fixed = fixed(d, 0);
      bounds.source(d, out);
      out.version = version;
    }
    return out;
  }

  /**
   * A lower bound of {@link #scoreWith} for the source part {@code s} and the target part at {@code
   * at} of {@code t} (without pair changes), taken without square roots ({@link SpreadBounds}),
   * less than it by at least the rounding of the sums; adds the target part's figures to {@code
   * box}.
   */
  double lowerBound(SourceBound s, double[] t, int at, RowBound box) {
    double fixed = fixed(t, at);
    box.fixed(fixed);
    return score + s.fixed + fixed - bounds.margin() + bounds.fall(s, t, at, box);
  }

  /**
   * A lower bound of the score with the source part {@code s} and any target part of {@code box}
   * (which change no pairs); none: infinity.
   */
  double lowerBound(SourceBound s, RowBound box) {
    if (box.empty()) {
      return Double.POSITIVE_INFINITY;
    }
    return score + s.fixed + box.fixed - bounds.margin() + bounds.fall(s, box);
  }

  /**
   * A lower bound of the score with any whole delta that {@code box} holds (which changes no
   * pairs); none: infinity.
   */
  double lowerBound(RowBound box) {
    if (box.empty()) {
      return Double.POSITIVE_INFINITY;
    }
    return score + box.fixed - bounds.margin() + bounds.fall(box);
  }

  /**
   * Sets {@code out} to hold every sum of a part {@code sources} holds and one {@code targets}
   * holds.
   */
  void combine(RowBound sources, RowBound targets, RowBound out) {
    out.clear();
    if (!sources.empty() && !targets.empty()) {
      out.fixed(sources.fixed + targets.fixed);
      bounds.combine(sources, targets, out);
    }
  }

  /** Adds the figures of the target part at {@code at} of {@code t} to both bounds. */
  void widen(double[] t, int at, RowBound box, RowBound also) {
    double fixed = fixed(t, at);
    box.fixed(fixed);
    also.fixed(fixed);
    bounds.figures(t, at, box, also);
  }

  /**
   * The weighted change of the location-exclusion term with the pair counts changed by {@code p}.
   */
  double pairChange(Map<String, Integer> p) {
    return p.isEmpty() ? 0 : PAIR_WEIGHT * (pairValueWith(p) - (pairTotal - pairs.size()));
  }

  /**
   * The weighted change of the terms that are plain sums, in the terms' order, of {@code d} at
   * {@code at}.
   */
  private static double fixed(double[] d, int at) {
    double fixed = 0;
    for (int j = 0; j < SUMS.length; j++) {
      fixed += SUM_WEIGHTS[j] * d[at + j];
    }
    return fixed;
  }

  /** Adds the node's changes of each term's sum and sum of squares to the delta being made. */
  private void terms(NodeState n) {
    double[] old = vectors[n.index];
    double[] neu = NodeTerms.of(n, scratch);
    for (int c = 0; c < TERMS.length; c++) {
      if (n.offline == OFFLINE_TERM[c]) {
        deltaSum[c] += neu[c] - old[c];
        deltaSq[c] += neu[c] * neu[c] - old[c] * old[c];
      }
    }
  }

  private static void pairs(
      Map<String, Integer> before, Map<String, Integer> after, Map<String, Integer> out) {
    before.forEach((k, v) -> out.merge(k, -v, Integer::sum));
    after.forEach((k, v) -> out.merge(k, v, Integer::sum));
  }

  /** The location-exclusion term with the pair counts changed by {@code p}. */
  private long pairValueWith(Map<String, Integer> p) {
    long total = pairTotal;
    long keys = pairs.size();
    for (Map.Entry<String, Integer> e : p.entrySet()) {
      int before = pairs.getOrDefault(e.getKey(), 0);
      int after = before + e.getValue();
      total += e.getValue();
      keys += (after != 0 ? 1 : 0) - (before != 0 ? 1 : 0);
    }
    return total - keys;
  }

  /** Each term's count, sum and sum of squares over the group's nodes, in order. */
  private void sumUp(double[][] of, double[] c, double[] s, double[] q) {
    Arrays.fill(c, 0);
    Arrays.fill(s, 0);
    Arrays.fill(q, 0);
    for (int n = 0; n < of.length; n++) {
      if (!inGroup[n]) {
        continue;
      }
      double[] v = of[n];
      if (nodes[n].offline) {
        s[OFFLINE_ALL] += v[OFFLINE_ALL];
        s[OFFLINE_PRI] += v[OFFLINE_PRI];
        continue;
      }
      for (int t = 0; t < TERMS.length; t++) {
        if (!OFFLINE_TERM[t]) {
          c[t] += 1;
          s[t] += v[t];
          q[t] += v[t] * v[t];
        }
      }
    }
  }

  private void changePairs(NodeState n, int sign) {
    if (!n.offline) {
      n.locationExclusion.forEach((k, c) -> addPair(k, sign * c));
    }
  }

  private void addPair(String key, int delta) {
    int after = pairs.getOrDefault(key, 0) + delta;
    pairTotal += delta;
    if (after == 0) {
      pairs.remove(key);
    } else {
      pairs.put(key, after);
    }
  }

  /** The score and the bounds of each spread, from the sums as they are. */
  private void refresh() {
    double total = 0;
    for (int c = 0; c < TERMS.length; c++) {
      total += TERMS[c].weight() * value(c, sum[c], sumSq[c]);
    }
    score = total;
    for (int k = 0; k < SPREADS.length; k++) {
      int c = SPREADS[k];
      double weighted = TERMS[c].weight() * value(c, sum[c], sumSq[c]);
      bounds.set(k, TERMS[c].weight(), count[c], sum[c], sumSq[c], weighted);
    }
    bounds.finish(score);
  }

  /** A term's value: a sum, the location-exclusion pairs, or a population standard deviation. */
  private double value(int c, double sum, double sumSq) {
    return value(c, count[c], sum, sumSq, pairTotal - pairs.size());
  }

  private static double value(int c, double count, double sum, double sumSq, long pairValue) {
    if (TERMS[c] == ScoreComponent.LOCATION_EXCLUSION_SCORE) {
      return pairValue;
    }
    return IS_SPREAD[c] ? deviation(count, sum, sumSq) : sum;
  }

  static double deviation(double count, double sum, double sumSq) {
    return count == 0 ? 0 : Math.sqrt(Math.max(0, sumSq / count - (sum / count) * (sum / count)));
  }

  private static boolean[] offlineTerms() {
    boolean[] out = new boolean[TERMS.length];
    out[ScoreComponent.OFFLINE_ALL_CNT.ordinal()] = true;
    out[ScoreComponent.OFFLINE_PRI_CNT.ordinal()] = true;
    return out;
  }

  /** The terms that are plain sums (or the pair count), in order. */
  private static int[] sums() {
    return Arrays.stream(TERMS).mapToInt(Enum::ordinal).filter(c -> !IS_SPREAD[c]).toArray();
  }

  private static boolean[] isSpread() {
    boolean[] out = new boolean[TERMS.length];
    for (int c : SPREADS) {
      out[c] = true;
    }
    return out;
  }

  /** The terms that are a population standard deviation over the online nodes, in order. */
  private static int[] spreads() {
    return Arrays.stream(TERMS)
        .filter(
            c ->
                switch (c) {
                  case OFFLINE_ALL_CNT,
                      OFFLINE_PRI_CNT,
                      N1_CNT,
                      PRI_TAGS_SCORE,
                      LOCATION_SCORE,
                      RESERVED_MEM_RTOTAL,
                      LOCATION_EXCLUSION_SCORE ->
                      false;
                  default -> true;
                })
        .mapToInt(Enum::ordinal)
        .toArray();
  }
}
