package org.maintd.balance;

import java.util.LinkedHashMap;
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

  /**
   * The weighted sum of the terms of every node group (uuid) that has nodes, in the order of their
   * first nodes, each as {@link #score(Cluster, String)} gives it, from one model of the cluster (a
   * node's terms do not depend on the group balanced), so that the whole takes time linear in the
   * cluster and the groups' nodes.
   */
  public Map<String, Double> scores(Cluster cluster) {
    if (cluster.nodes().isEmpty()) {
      return Map.of();
    }
    BalanceModel model = BalanceModel.of(cluster, cluster.nodes().get(0).group());
    Map<String, boolean[]> groups = new LinkedHashMap<>();
    for (int n = 0; n < cluster.nodes().size(); n++) {
      groups
              .computeIfAbsent(
                  cluster.nodes().get(n).group(), g -> new boolean[cluster.nodes().size()])[n] =
          true;
    }
    Map<String, Double> scores = new LinkedHashMap<>();
    groups.forEach((g, nodes) -> scores.put(g, model.scoreOf(nodes)));
    return scores;
  }

  /** The weighted sum of the terms, each instance weighing its {@code load}. */
  public double score(Cluster cluster, String group, Load load) {
    return BalanceModel.of(cluster, group, BalanceOptions.hbal(), load).score();
  }
}
