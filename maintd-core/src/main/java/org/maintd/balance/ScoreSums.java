package org.maintd.balance;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * The score's aggregates over a node group: for each term, the count, sum and sum of squares of the
 * online nodes' values (for the two offline terms, the sums over the offline nodes), and the
 * location-exclusion pairs of the online nodes. A trial move is scored from the few nodes it
 * changes; a move made replaces them. Not thread-safe.
 */
final class ScoreSums {
  private static final ScoreComponent[] TERMS = ScoreComponent.values();
  private static final boolean[] OFFLINE_TERM = offlineTerms();
  private static final int OFFLINE_ALL = ScoreComponent.OFFLINE_ALL_CNT.ordinal();
  private static final int OFFLINE_PRI = ScoreComponent.OFFLINE_PRI_CNT.ordinal();

  private final double[][] vectors;
  private final double[] count = new double[TERMS.length];
  private final double[] sum = new double[TERMS.length];
  private final double[] sumSq = new double[TERMS.length];
  private final double[] trialSum = new double[TERMS.length];
  private final double[] trialSumSq = new double[TERMS.length];
  private final Map<String, Integer> pairs = new HashMap<>();
  private long pairTotal;

  /** The sums over the nodes that are {@code inGroup}. */
  ScoreSums(NodeState[] nodes, boolean[] inGroup) {
    vectors = new double[nodes.length][];
    for (int n = 0; n < nodes.length; n++) {
      if (inGroup[n]) {
        vectors[n] = NodeTerms.of(nodes[n]);
        add(nodes[n], vectors[n], 1);
      }
    }
  }

  /** A move made: {@code now} takes the place of {@code before}, the same node. */
  void replace(NodeState before, NodeState now) {
    add(before, vectors[before.index], -1);
    vectors[now.index] = NodeTerms.of(now);
    add(now, vectors[now.index], 1);
  }

  double score() {
    return score(count, sum, sumSq, pairTotal - pairs.size());
  }

  /** Every term's value, before weighting. */
  Map<ScoreComponent, Double> components() {
    Map<ScoreComponent, Double> out = new EnumMap<>(ScoreComponent.class);
    for (int c = 0; c < TERMS.length; c++) {
      out.put(TERMS[c], value(c, count, sum, sumSq, pairTotal - pairs.size()));
    }
    return out;
  }

  /** The score with the {@code changed} trial copies in place of the {@code current} nodes. */
  double scoreWith(NodeState[] current, NodeState[] changed) {
    System.arraycopy(sum, 0, trialSum, 0, TERMS.length);
    System.arraycopy(sumSq, 0, trialSumSq, 0, TERMS.length);
    Map<String, Integer> pairDelta = new HashMap<>();
    for (NodeState n : changed) {
      double[] old = vectors[n.index];
      double[] neu = NodeTerms.of(n);
      for (int c = 0; c < TERMS.length; c++) {
        if (n.offline != OFFLINE_TERM[c]) {
          continue;
        }
        trialSum[c] += neu[c] - old[c];
        trialSumSq[c] += neu[c] * neu[c] - old[c] * old[c];
      }
      if (!n.offline) {
        current[n.index].locationExclusion.forEach((k, v) -> pairDelta.merge(k, -v, Integer::sum));
        n.locationExclusion.forEach((k, v) -> pairDelta.merge(k, v, Integer::sum));
      }
    }
    return score(count, trialSum, trialSumSq, pairValueWith(pairDelta));
  }

  /** The location-exclusion term with the pair counts changed by {@code delta}. */
  private long pairValueWith(Map<String, Integer> delta) {
    long total = pairTotal;
    long keys = pairs.size();
    for (Map.Entry<String, Integer> e : delta.entrySet()) {
      int before = pairs.getOrDefault(e.getKey(), 0);
      int after = before + e.getValue();
      total += e.getValue();
      keys += (after != 0 ? 1 : 0) - (before != 0 ? 1 : 0);
    }
    return total - keys;
  }

  private void add(NodeState n, double[] v, int sign) {
    if (n.offline) {
      sum[OFFLINE_ALL] += sign * v[OFFLINE_ALL];
      sum[OFFLINE_PRI] += sign * v[OFFLINE_PRI];
      return;
    }
    for (int c = 0; c < TERMS.length; c++) {
      if (OFFLINE_TERM[c]) {
        continue;
      }
      count[c] += sign;
      sum[c] += sign * v[c];
      sumSq[c] += sign * v[c] * v[c];
    }
    n.locationExclusion.forEach((k, c) -> addPair(k, sign * c));
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

  private static double score(double[] count, double[] sum, double[] sumSq, long pairValue) {
    double total = 0;
    for (int c = 0; c < TERMS.length; c++) {
      total += TERMS[c].weight() * value(c, count, sum, sumSq, pairValue);
    }
    return total;
  }

  /** A term's value: a sum, the location-exclusion pairs, or a population standard deviation. */
  private static double value(int c, double[] count, double[] sum, double[] sumSq, long pairValue) {
    return switch (TERMS[c]) {
      case OFFLINE_ALL_CNT,
          OFFLINE_PRI_CNT,
          N1_CNT,
          PRI_TAGS_SCORE,
          LOCATION_SCORE,
          RESERVED_MEM_RTOTAL ->
          sum[c];
      case LOCATION_EXCLUSION_SCORE -> pairValue;
      default -> deviation(count[c], sum[c], sumSq[c]);
    };
  }

  private static double deviation(double count, double sum, double sumSq) {
    return count == 0 ? 0 : Math.sqrt(Math.max(0, sumSq / count - (sum / count) * (sum / count)));
  }

  private static boolean[] offlineTerms() {
    boolean[] out = new boolean[TERMS.length];
    out[ScoreComponent.OFFLINE_ALL_CNT.ordinal()] = true;
    out[ScoreComponent.OFFLINE_PRI_CNT.ordinal()] = true;
    return out;
  }
}
