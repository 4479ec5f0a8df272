package org.maintd.balance;

/**
 * Bounds on how far each spread of the score can fall with a trial move's change of its sums, taken
 * without square roots, so that most moves are ruled out before they are scored. Where the variance
 * V of a spread falls by D, its deviation falls by D / (sqrt(V - D) + sqrt(V)), which is at most D
 * / sqrt(V); where V rises, the deviation does not fall; where V is too small next to the nodes'
 * squared values for that to hold against the rounding of the sums, the spread falls by no more
 * than its value. The margin covers the rounding of a computed score: a square root of a variance
 * taken as a difference of two sums is off by at most the square root of that difference's
 * rounding. Set again after every move; not thread-safe.
 */
final class SpreadBounds {
  private static final double ROUNDING = 4e-14;
  private static final double SMALL = 1e-6;

  private final double[] perNode;
  private final double[] perNodeSq;
  private final double[] twiceSum;
  private final double[] slope;
  private final double[] weightedSigma;
  private final double[] variance;
  private final double[] spread;
  private double rounding;
  private double margin;

  SpreadBounds(int spreads) {
    perNode = new double[spreads];
    perNodeSq = new double[spreads];
    twiceSum = new double[spreads];
    slope = new double[spreads];
    weightedSigma = new double[spreads];
    variance = new double[spreads];
    spread = new double[spreads];
  }

  /**
   * Spread {@code k}: its weight, the number of nodes, the sum and the sum of squares of their
   * values, and its weighted value.
   */
  void set(int k, double weight, double count, double sum, double sumSq, double weighted) {
    spread[k] = weighted;
    if (count == 0) {
      slope[k] = 0;
      return;
    }
    perNode[k] = 1 / count;
    perNodeSq[k] = perNode[k] * perNode[k];
    twiceSum[k] = 2 * sum;
    double meanSq = Math.abs(sumSq) / count + 1;
    double v = sumSq / count - (sum / count) * (sum / count);
    boolean wellAbove = v > SMALL * meanSq;
    slope[k] = wellAbove ? weight / Math.sqrt(v) * (1 + SMALL) : 0;
    weightedSigma[k] = wellAbove ? weight * Math.sqrt(v) * (1 - SMALL) : 0;
    variance[k] = v;
    rounding += weight * Math.sqrt(ROUNDING * meanSq);
  }

  /** Ends the setting of every spread, for a score of {@code score}. */
  void finish(double score) {
    margin = rounding + 1e-9 * (1 + Math.abs(score));
    rounding = 0;
  }

  /** The weighted value of spread {@code k}. */
  double spread(int k) {
    return spread[k];
  }

  /**
   * At least the change of the spreads' weighted values with the delta {@code d} (at {@link
   * ScoreSums#SPREADS_AT} {@code + 2k} the change of spread k's sum, after it that of its sum of
   * squares); adds the slot's figures to {@code row}.
   */
  double fall(double[] d, RowBound row) {
    double total = 0;
    for (int k = 0; k < slope.length; k++) {
      double ds = d[ScoreSums.SPREADS_AT + 2 * k];
      double dq = d[ScoreSums.SPREADS_AT + 1 + 2 * k];
      double b = ds * perNodeSq[k];
      double a = dq * perNode[k] - ds * b;
      row.spread(k, a, b, ds != 0 || dq != 0);
      if (ds == 0 && dq == 0) {
        continue;
      }
      if (slope[k] == 0) {
        total -= spread[k];
        continue;
      }
      total += change(k, a - twiceSum[k] * b);
    }
    return total;
  }

  /**
   * At least the change of spread {@code k}'s weighted value w sqrt(V) when its variance V changes
   * by D: w D / (sqrt(V) + sqrt(V + D)). Rising, at least 0.41 w min(D / sqrt(V), sqrt(V)) (from
   * sqrt(V + D) at most sqrt(2 V) up to D = V); falling by less than 0.45 V, at least 0.575 w D /
   * sqrt(V) (sqrt(V + D) at least sqrt(0.55 V)); falling further, at least w D / sqrt(V).
   */
  private double change(int k, double d) {
    if (d >= 0) {
      double rise = d * slope[k];
      return 0.41 * (rise < weightedSigma[k] ? rise : weightedSigma[k]);
    }
    return d >= -0.45 * variance[k] ? 0.575 * d * slope[k] : d * slope[k];
  }

  /**
   * At least the change of the spreads' weighted values with any slot of {@code row}: the bound of
   * each spread's change only grows with the change of its variance.
   */
  double fall(RowBound row) {
    double total = 0;
    for (int k = 0; k < slope.length; k++) {
      if ((row.touched & (1 << k)) == 0) {
        continue;
      }
      if (slope[k] == 0) {
        total -= spread[k];
        continue;
      }
      total +=
          change(
              k,
              row.leastA[k]
                  - (twiceSum[k] < 0
                      ? twiceSum[k] * row.leastB[k]
                      : twiceSum[k] * row.greatestB[k]));
    }
    return total;
  }

  /** How far below a computed score its bound must stay. */
  double margin() {
    return margin;
  }
}
