/**
 * Balancing as Ganeti's hbal does it: the cluster score, term by term ({@link
 * org.maintd.balance.ClusterScore}, {@link org.maintd.balance.ScoreComponent}), and the greedy
 * balancer ({@link org.maintd.balance.Balancer}) over a model of the node group ({@code
 * BalanceModel}, built by {@code ModelBuilder}): each node's state ({@code NodeState}, changed by
 * {@code NodeOps}), the score's sums ({@code ScoreSums}, over each node's {@code NodeTerms}), and
 * the moves ({@code Moves}) tried on copies of the nodes they touch and scored from them.
 */
package org.maintd.balance;
