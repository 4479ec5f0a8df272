package org.maintd.balance;

import java.util.List;
import org.maintd.cluster.Cluster;

/**
 * A balancing solution: the scores before and after, the moves in order, and the balanced cluster.
 */
public record BalanceResult(
    double initialScore, double finalScore, List<BalanceMove> moves, Cluster balanced) {
  public BalanceResult {
    moves = List.copyOf(moves);
  }
}
