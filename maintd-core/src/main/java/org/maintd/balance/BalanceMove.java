package org.maintd.balance;

/**
 * One step of a balancing solution, as hbal prints it: the instance, its nodes before and after,
 * the score after the step, and the Ganeti operations ({@code f} failover/migrate, {@code r:NODE}
 * replace the secondary, in order).
 */
public record BalanceMove(
    String instance,
    String oldPrimary,
    String oldSecondary,
    String newPrimary,
    String newSecondary,
    double score,
    String commands) {}
