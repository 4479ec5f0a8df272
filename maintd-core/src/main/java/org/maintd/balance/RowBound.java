package org.maintd.balance;

import java.util.Arrays;

/**
 * Over the target parts of some slots of one {@link MoveRow} (a block of them, or every block of
 * one kind): the least weighted change of the plain-sum terms, and for each spread the least of
 * {@code a = dq / n - ds * ds / n^2} and the least and greatest of {@code b = ds / n^2}, where a
 * target part changes the spread's sum by {@code ds} and its sum of squares by {@code dq}. Made
 * after a source part whose sum of the spread ends at {@code S}, a target part changes the variance
 * by {@code a - 2 S b} more, which is at least the first less {@code 2 S} times one of the other
 * two, whatever the sums of a later step ({@link SourceBound}). Widened as target parts change, set
 * again when the block is scanned. Not thread-safe.
 */
final class RowBound {
  double fixed;
  final double[] leastA;
  final double[] leastB;
  final double[] greatestB;
  int touched;
  private boolean empty;

  /** Counts the changes, so that what is made from the bound is made again only after one. */
  long stamp;

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
    empty = true;
    stamp++;
  }

  /** Whether it holds no slot. */
  boolean empty() {
    return empty;
  }

  /** Widens this bound to hold every slot {@code other} holds. */
  void join(RowBound other) {
    if (other.empty) {
      return;
    }
    fixed(other.fixed);
    for (int k = 0; k < leastA.length; k++) {
      spread(k, other.leastA[k], other.leastB[k], other.greatestB[k]);
    }
    if ((touched | other.touched) != touched) {
      touched |= other.touched;
      stamp++;
    }
  }

  /** A slot's weighted change of the plain-sum terms; its spreads follow. */
  void fixed(double f) {
    if (f < fixed || empty) {
      fixed = Math.min(fixed, f);
      empty = false;
      stamp++;
    }
  }

  /** Spread {@code k} of a slot: {@code a = dq / n - ds^2 / n^2}, {@code b = ds / n^2}. */
  void spread(int k, double a, double b, boolean changes) {
    spread(k, a, b, b);
    if (changes && (touched & (1 << k)) == 0) {
      touched |= 1 << k;
      stamp++;
    }
  }

  /**
   * Widens spread {@code k} to {@code a}, and {@code b} from {@code leastB} to {@code greatestB}.
   */
  private void spread(int k, double a, double leastB, double greatestB) {
    if (a < leastA[k]) {
      leastA[k] = a;
      stamp++;
    }
    if (leastB < this.leastB[k]) {
      this.leastB[k] = leastB;
      stamp++;
    }
    if (greatestB > this.greatestB[k]) {
      this.greatestB[k] = greatestB;
      stamp++;
    }
  }
}
