package org.maintd.balance;

/**
 * A move tried: the instance, the Ganeti operations ({@code kind}, as {@link
 * BalanceMove#commands}), its nodes after the move, the trial copies of the nodes the move changes,
 * and the group's score with them.
 */
record Candidate(
    BalanceInstance instance,
    String kind,
    int newPrimary,
    int newSecondary,
    NodeState[] changed,
    double score) {}
