package org.maintd.balance;

/**
 * Bounds on how far each spread of the score can fall with a trial move's change of its sums, taken
 * without square roots, so that most moves are ruled out before they are scored. Where the variance
 * V of a spread changes by D = x V, its deviation changes by sqrt(V) (sqrt(1 + x) - 1), which is
 * concave in x and so above its chords between a few points near 0; where V is too small next to
 * the nodes' squared values for that to hold against the rounding of the sums, the spread falls by
 * no more than its value. The margin covers the rounding of a computed score: a square root of a
 * variance taken as a difference of two sums is off by at most the square root of that difference's
 * rounding. Set again after every move; not thread-safe.
 */
final class SpreadBounds {
  private static final double ROUNDING = 4e-14;
  private static final double SMALL = 1e-6;

  /** Where the chords of h(x) = sqrt(1 + x) - 1 meet, their values there, and their slopes. */
  private static final double[] AT = {-0.45, -0.1, -0.02, 0, 0.02, 0.1, 1};

  /** Where 0 is in {@link #AT}: next to it, the chords are taken first. */
  private static final int NEAR = 3;

  private static final double[] H = new double[AT.length];
  private static final double[] SLOPE = new double[AT.length - 1];

  static {
    for (int j = 0; j < AT.length; j++) {
      H[j] = Math.sqrt(1 + AT[j]) - 1;
    }
    for (int j = 0; j < SLOPE.length; j++) {
      SLOPE[j] = (H[j + 1] - H[j]) / (AT[j + 1] - AT[j]);
    }
  }

  private final double[] perNode;
  private final double[] perNodeSq;
  private final double[] nodesSq;
  private final double[] twiceSum;
  private final boolean[] wellAbove;
  private final double[] inverse;
  private final double[] sigmaLow;
  private final double[] sigmaHigh;
  private final double[] spread;
  private double rounding;
  private double margin;

  SpreadBounds(int spreads) {
    perNode = new double[spreads];
    perNodeSq = new double[spreads];
    nodesSq = new double[spreads];
    twiceSum = new double[spreads];
    wellAbove = new boolean[spreads];
    inverse = new double[spreads];
    sigmaLow = new double[spreads];
    sigmaHigh = new double[spreads];
    spread = new double[spreads];
  }

  /**
   * Spread {@code k}: its weight, the number of nodes, the sum and the sum of squares of their
   * values, and its weighted value.
   */
  void set(int k, double weight, double count, double sum, double sumSq, double weighted) {
    spread[k] = weighted;
    if (count == 0) {
      wellAbove[k] = false;
      return;
    }
    perNode[k] = 1 / count;
    perNodeSq[k] = perNode[k] * perNode[k];
    nodesSq[k] = count * count;
    twiceSum[k] = 2 * sum;
    double meanSq = Math.abs(sumSq) / count + 1;
    double v = sumSq / count - (sum / count) * (sum / count);
    wellAbove[k] = v > SMALL * meanSq;
    inverse[k] = wellAbove[k] ? 1 / v : 0;
    sigmaLow[k] = wellAbove[k] ? weight * Math.sqrt(v) * (1 - SMALL) : 0;
    sigmaHigh[k] = wellAbove[k] ? weight * Math.sqrt(v) * (1 + SMALL) : 0;
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
   * Sets {@code out} from a source part's delta {@code d} (at {@link ScoreSums#SPREADS_AT} {@code +
   * 2k} the change of spread k's sum, after it that of its sum of squares), for the sums as they
   * are; not its fixed part.
   */
  void source(double[] d, SourceBound out) {
    out.touched = 0;
    for (int k = 0; k < spread.length; k++) {
      double ds = d[ScoreSums.SPREADS_AT + 2 * k];
      double dq = d[ScoreSums.SPREADS_AT + 1 + 2 * k];
      double b = ds * perNodeSq[k];
      out.change[k] = dq * perNode[k] - ds * b - twiceSum[k] * b;
      out.twiceSum[k] = twiceSum[k] + 2 * ds;
      out.touched |= ds != 0 || dq != 0 ? 1 << k : 0;
    }
  }

  /**
   * At least the change of the spreads' weighted values with the source part {@code s} and the
   * target part at {@code at} of {@code t}; adds the target part's figures to {@code box}.
   */
  double fall(SourceBound s, double[] t, int at, RowBound box) {
    double total = 0;
    for (int k = 0; k < spread.length; k++) {
      double ds = t[at + ScoreSums.SPREADS_AT + 2 * k];
      double dq = t[at + ScoreSums.SPREADS_AT + 1 + 2 * k];
      double b = ds * perNodeSq[k];
      double a = dq * perNode[k] - ds * b;
      boolean changes = ds != 0 || dq != 0;
      box.spread(k, a, b, changes);
      if (!changes && (s.touched & (1 << k)) == 0) {
        continue;
      }
      if (!wellAbove[k]) {
        total -= spread[k];
        continue;
      }
      total += change(k, s.change[k] + a - s.twiceSum[k] * b);
    }
    return total;
  }

  /**
   * Adds the figures of the target part at {@code at} of {@code t} to {@code box} and {@code also}.
   */
  void figures(double[] t, int at, RowBound box, RowBound also) {
    for (int k = 0; k < spread.length; k++) {
      double ds = t[at + ScoreSums.SPREADS_AT + 2 * k];
      double dq = t[at + ScoreSums.SPREADS_AT + 1 + 2 * k];
      double b = ds * perNodeSq[k];
      double a = dq * perNode[k] - ds * b;
      box.spread(k, a, b, ds != 0 || dq != 0);
      also.spread(k, a, b, ds != 0 || dq != 0);
    }
  }

  /**
   * At least the change of spread {@code k}'s weighted value w sqrt(V) when its variance V changes
   * by D = x V: w sqrt(V) h(x) with h(x) = sqrt(1 + x) - 1, concave and rising, so that its chords
   * lie below it: from x = -0.45 to 1, h is taken along the chords between the points of {@link
   * #AT}; below -0.45, at least x; beyond 1, at least h(1).
   */
  private double change(int k, double d) {
    if (d == 0) {
      return 0;
    }
    double x = d * inverse[k];
    if (x >= 0) {
      return (x <= AT[NEAR + 1] ? x * SLOPE[NEAR] : x >= 1 ? H[H.length - 1] : chord(x))
          * sigmaLow[k];
    }
    return (x >= AT[NEAR - 1] ? x * SLOPE[NEAR - 1] : x < AT[0] ? x : chord(x)) * sigmaHigh[k];
  }

  private static double chord(double x) {
    int j = 1;
    while (x > AT[j]) {
      j++;
    }
    return H[j - 1] + (x - AT[j - 1]) * SLOPE[j - 1];
  }

  /**
   * At least the change of the spreads' weighted values with the source part {@code s} and any
   * target part that {@code box} holds: the bound of each spread's change only grows with the
   * change of its variance, which is {@code a - twiceSum * b} more than the source part's.
   */
  double fall(SourceBound s, RowBound box) {
    double total = 0;
    for (int k = 0; k < spread.length; k++) {
      if (((s.touched | box.touched) & (1 << k)) == 0) {
        continue;
      }
      if (!wellAbove[k]) {
        total -= spread[k];
        continue;
      }
      double twice = s.twiceSum[k];
      double b = twice < 0 ? box.leastB[k] : box.greatestB[k];
      total += change(k, s.change[k] + box.leastA[k] - twice * b);
    }
    return total;
  }

  /**
   * Sets {@code out} to hold every whole delta of a source part that {@code sources} holds and a
   * target part that {@code targets} holds: with {@code b} the sum of theirs, and {@code a} the sum
   * of theirs less {@code 2 n^2} times the product of their {@code b}, at most its greatest.
   */
  void combine(RowBound sources, RowBound targets, RowBound out) {
    for (int k = 0; k < spread.length; k++) {
      double s0 = sources.leastB[k];
      double s1 = sources.greatestB[k];
      double t0 = targets.leastB[k];
      double t1 = targets.greatestB[k];
      double product = Math.max(Math.max(s0 * t0, s0 * t1), Math.max(s1 * t0, s1 * t1));
      double a = sources.leastA[k] + targets.leastA[k] - 2 * nodesSq[k] * product;
      out.spread(k, a, s0 + t0, false);
      out.spread(k, a, s1 + t1, false);
    }
    out.touched = sources.touched | targets.touched;
  }

  /**
   * At least the change of the spreads' weighted values with any whole delta that {@code box}
   * holds: the bound of each spread's change only grows with the change of its variance.
   */
  double fall(RowBound box) {
    double total = 0;
    for (int k = 0; k < spread.length; k++) {
      if ((box.touched & (1 << k)) == 0) {
        continue;
      }
      if (!wellAbove[k]) {
        total -= spread[k];
        continue;
      }
      double b = twiceSum[k] < 0 ? box.leastB[k] : box.greatestB[k];
      total += change(k, box.leastA[k] - twiceSum[k] * b);
    }
    return total;
  }

  /** How far below a computed score its bound must stay. */
  double margin() {
    return margin;
  }
}
