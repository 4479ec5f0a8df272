package org.maintd.balance;

import java.util.Map;
import org.maintd.cluster.Cluster;

/**
 * The cluster score of one node group, term by term as hbal computes it (Ganeti 3.0): lower is
 * better balanced. Every instance counts as a load of one unless a {@link Load} says otherwise;
 * memory is what the records say, less what the node reports missing; the "forth" terms count
 * stopped instances as if they were started; drained nodes count as offline, as the htools see
 * them. Stateless.
 */
public final class ClusterScore {

  /** The terms for the nodes of {@code group} (uuid), before weighting. */
  public Map<ScoreComponent, Double> components(Cluster cluster, String group) {
    return BalanceModel.of(cluster, group).components();
  }

  /** The weighted sum of the terms. */
  public double score(Cluster cluster, String group) {
    return BalanceModel.of(cluster, group).score();
  }

  /** The weighted sum of the terms, each instance weighing its {@code load}. */
  public double score(Cluster cluster, String group, Load load) {
    return BalanceModel.of(cluster, group, BalanceOptions.hbal(), load).score();
  }
}
