package org.maintd.balance;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * The lowest-scored allowed move of one step of a {@link MoveTable}; of equal scores, the first in
 * hbal's order (its place in the table). The moves that touch a {@code busy} node are not allowed,
 * and the table does not look at them. Not thread-safe.
 */
final class BestMove {
  private final Predicate<Candidate> allowed;
  private final boolean[] busy;
  private double score;
  private long order = Long.MAX_VALUE;
  private Optional<Candidate> candidate = Optional.empty();

  /**
   * None yet: a move must score below {@code score}, touch no node that is {@code busy} (indexed as
   * the model's nodes), and be {@code allowed}.
   */
  BestMove(double score, boolean[] busy, Predicate<Candidate> allowed) {
    this.score = score;
    this.busy = busy;
    this.allowed = allowed;
  }

  /** The score a move must beat, or equal earlier in order. */
  double score() {
    return score;
  }

  /** Whether no move may touch node {@code n}. */
  boolean busy(int n) {
    return busy[n];
  }

  /** The move chosen, if one lowered the score. */
  Optional<Candidate> candidate() {
    return candidate;
  }

  /**
   * A move of {@code i} of {@code kind} to {@code target}, at place {@code at} of the table, scored
   * {@code s}: kept if it is allowed and the best so far.
   */
  void offer(BalanceInstance i, MoveKind kind, int target, long at, double s) {
    if (s > score || (s == score && (candidate.isEmpty() || at > order))) {
      return;
    }
    Candidate c = new Candidate(i, kind, target, s);
    if (allowed.test(c)) {
      candidate = Optional.of(c);
      score = s;
      order = at;
    }
  }
}
