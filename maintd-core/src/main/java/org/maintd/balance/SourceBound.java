package org.maintd.balance;

/**
 * A source part of a {@link MoveRow} as the bounds of a step take it ({@link SpreadBounds}): the
 * weighted change of the plain-sum terms, and for each spread the change of its variance that the
 * source part makes alone and twice the spread's sum after it, so that a target part of figures
 * {@code a} and {@code b} ({@link RowBound}) changes the variance by {@code a - twiceSum * b} more.
 * Taken again when the sums have changed since; not thread-safe.
 */
final class SourceBound {
  double fixed;
  final double[] change;
  final double[] twiceSum;
  int touched;
  long version = -1;

  SourceBound(int spreads) {
    change = new double[spreads];
    twiceSum = new double[spreads];
  }
}
