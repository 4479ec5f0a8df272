/**
 * Balancing as Ganeti's hbal does it: the cluster score, term by term ({@link
 * org.maintd.balance.ClusterScore}, {@link org.maintd.balance.ScoreComponent}), and the greedy
 * balancer ({@link org.maintd.balance.Balancer}) over a model of the node group ({@code
 * BalanceModel}, built by {@code ModelBuilder}): each node's state ({@code NodeState}, changed by
 * {@code NodeOps}), the score's sums ({@code ScoreSums}, over each node's {@code NodeTerms}), and
 * the moves ({@code Moves}, of a {@code MoveKind}) tried on copies of the nodes they touch. What a
 * move changes in the score is kept between steps ({@code MoveTable}, one {@code MoveRow} per
 * instance): the part that depends on the instance's own nodes and the part that depends on the
 * target are tried again only when those nodes change (a target part once per node for all the
 * instances alike for it, {@code TargetParts}), and bounds taken without square roots ({@code
 * SpreadBounds}: over the target parts of blocks and kinds of moves, {@code RowBound}, each taken
 * with a source part, {@code SourceBound}) rule most moves out before they are scored, also when
 * the instance's own nodes have changed. The moves chosen are hbal's, step by step; beyond hbal's
 * last, {@code Search} looks for a lower score by a first move and hbal's steps after it, each
 * trial on a model built afresh with the solution's moves made again ({@code Step}).
 */
package org.maintd.balance;
