package org.maintd.rehearse;

import java.util.List;
import org.maintd.balance.ClusterScore;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;

/**
 * hbal's score of each node group before and after a rehearsal, as {@link ClusterScore} computes it
 * (every instance a load of one, as hbal without measured load; a drained node counts as offline).
 * Stateless.
 */
public final class GroupScores {
  private GroupScores() {}

  /**
   * The score of every node group of {@code before} that has nodes there and in {@code after}, in
   * the order of {@code before}'s groups.
   */
  public static List<GroupScore> between(Cluster before, Cluster after) {
    ClusterScore score = new ClusterScore();
    return before.groups().stream()
        .filter(g -> hasNodes(before, g) && hasNodes(after, g))
        .map(
            g ->
                new GroupScore(
                    g.name(), score.score(before, g.uuid()), score.score(after, g.uuid())))
        .toList();
  }

  private static boolean hasNodes(Cluster cluster, Group group) {
    return cluster.nodes().stream().anyMatch(n -> n.group().equals(group.uuid()));
  }
}
