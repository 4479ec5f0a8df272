package org.maintd.balance;

/**
 * Whether the rounds balance the cluster: not at all ({@link Off}), or while its score is above a
 * threshold ({@link Above}), as Ganeti's maintenance daemon's {@code balance} and {@code
 * balanceThreshold} say it. Immutable.
 */
public sealed interface BalanceThreshold {
  /** No balancing. */
  static BalanceThreshold off() {
    return new Off();
  }

  /** Balancing above {@code threshold}. */
  static BalanceThreshold above(double threshold) {
    return new Above(threshold);
  }

  /** Balancing above {@code threshold} when {@code balance} says so, none otherwise. */
  static BalanceThreshold of(boolean balance, double threshold) {
    return balance ? above(threshold) : off();
  }

  /** No balancing. */
  record Off() implements BalanceThreshold {}

  /** Balancing while the cluster's score is above {@code value}, a number. */
  record Above(double value) implements BalanceThreshold {
    public Above {
      if (Double.isNaN(value)) {
        throw new IllegalArgumentException("a balance threshold must be a number, not " + value);
      }
    }
  }
}
