package org.maintd.balance;

import java.util.Arrays;

/**
 * Over some slots of one {@link MoveRow} (all of them, or one block): the least weighted change of
 * the plain-sum terms, and for each spread the least of {@code dq / n - ds * ds / n^2} and the
 * least and greatest of {@code ds / n^2}, where a slot changes the spread's sum by {@code ds} and
 * its sum of squares by {@code dq}; with the sum {@code S} of a later step, every slot's variance
 * change {@code dq / n - ds (2 S + ds) / n^2} is at least the first less {@code 2 S} times one of
 * the other two. Widened as slots change, set again when the row is scanned whole. Not thread-safe.
 */
final class RowBound {
  double fixed;
  final double[] leastA;
  final double[] leastB;
  final double[] greatestB;
  int touched;

  RowBound() {
    int n = (ScoreSums.WIDTH - ScoreSums.SPREADS_AT) / 2;
    leastA = new double[n];
    leastB = new double[n];
    greatestB = new double[n];
    clear();
  }

  void clear() {
    fixed = Double.POSITIVE_INFINITY;
    Arrays.fill(leastA, Double.POSITIVE_INFINITY);
    Arrays.fill(leastB, Double.POSITIVE_INFINITY);
    Arrays.fill(greatestB, Double.NEGATIVE_INFINITY);
    touched = 0;
  }

  /** Widens this bound to hold every slot {@code other} holds. */
  void join(RowBound other) {
    fixed(other.fixed);
    for (int k = 0; k < leastA.length; k++) {
      leastA[k] = least(leastA[k], other.leastA[k]);
      leastB[k] = least(leastB[k], other.leastB[k]);
      greatestB[k] = greatest(greatestB[k], other.greatestB[k]);
    }
    touched |= other.touched;
  }

  void fixed(double f) {
    fixed = least(fixed, f);
  }

  /** Spread {@code k} of a slot: {@code a = dq / n - ds^2 / n^2}, {@code b = ds / n^2}. */
  void spread(int k, double a, double b, boolean changes) {
    leastA[k] = least(leastA[k], a);
    leastB[k] = least(leastB[k], b);
    greatestB[k] = greatest(greatestB[k], b);
    touched |= changes ? 1 << k : 0;
  }

  /** The lesser (the figures are never NaN, so plain comparisons do). */
  private static double least(double a, double b) {
    return a < b ? a : b;
  }

  private static double greatest(double a, double b) {
    return a > b ? a : b;
  }
}
