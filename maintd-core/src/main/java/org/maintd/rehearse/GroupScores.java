package org.maintd.rehearse;

import java.util.List;
import java.util.Map;
import org.maintd.balance.ClusterScore;
import org.maintd.cluster.Cluster;

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
    Map<String, Double> was = score.scores(before);
    Map<String, Double> now = score.scores(after);
    return before.groups().stream()
        .filter(g -> was.containsKey(g.uuid()) && now.containsKey(g.uuid()))
        .map(g -> new GroupScore(g.name(), was.get(g.uuid()), now.get(g.uuid())))
        .toList();
  }
}
