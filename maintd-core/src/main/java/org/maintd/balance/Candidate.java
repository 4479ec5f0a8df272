package org.maintd.balance;

/**
 * A move tried: the instance, its kind, the node the kind names ({@code target}; the secondary for
 * a failover), and the group's score after it.
 */
record Candidate(BalanceInstance instance, MoveKind kind, int target, double score) {
  int newPrimary() {
    return kind.newPrimary(instance.primary, instance.secondary, target);
  }

  int newSecondary() {
    return kind.newSecondary(instance.primary, instance.secondary, target);
  }
}
