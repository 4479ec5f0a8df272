/**
 * Balancing as Ganeti's hbal does it: the cluster score, term by term ({@link
 * org.maintd.balance.ClusterScore}, {@link org.maintd.balance.ScoreComponent}), and the greedy
 * balancer ({@link org.maintd.balance.Balancer}) over a model of the node group ({@code
 * BalanceModel}, {@code NodeState}, {@code NodeOps}) that scores trial moves from the nodes they
 * touch.
 */
package org.maintd.balance;
