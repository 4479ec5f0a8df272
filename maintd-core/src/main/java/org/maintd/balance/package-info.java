/**
 * Balancing: the cluster score of Ganeti's hbal, term by term ({@link
 * org.maintd.balance.ClusterScore}, {@link org.maintd.balance.ScoreComponent}).
 */
package org.maintd.balance;
