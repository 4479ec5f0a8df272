package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.balance.ClusterScore;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.testing.ClusterBuilder;

/** hbal's score of each node group before and after a rehearsal. */
class GroupScoresTest {
  /** Three nodes; n2 holds two primaries, one of them mirrored on n3. */
  static final Cluster BEFORE = ThreeNodes.with("a:n1:", "b:n2:n3", "c:n2:", "d:n3:n1");

  /** The same once n2 is drained and empty: b failed over to n3 with n1 its secondary, c on n1. */
  static final Cluster DRAINED =
      ThreeNodes.with("a:n1:", "b:n3:n1", "c:n1:", "d:n3:n1")
          .withNode("n2", n -> n.withFlags(n.flags().withDrained(true)));

  @Test
  void aDrainScoresTheGroupAsTheBalancerDoesBeforeAndAfterAndAsHbalPrintsIt() {
    List<GroupScore> scores = GroupScores.between(BEFORE, DRAINED);
    ClusterScore hbal = new ClusterScore();
    assertEquals(
        List.of(new GroupScore("g", hbal.score(BEFORE, "g"), hbal.score(DRAINED, "g"))), scores);
    assertNotEquals(scores.get(0).before(), scores.get(0).after());
    // what hbal -t FILE -G g prints as "Initial score" for each cluster written by HtoolsWriter
    assertEquals("1.60726210", String.format("%.8f", scores.get(0).before()));
    assertEquals("1.19791667", String.format("%.8f", scores.get(0).after()));
  }

  @Test
  void aGroupWithoutNodesOnEitherSideIsLeftOut() {
    Cluster twoGroups =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .group("empty")
            .node("m1", "h", 8192, 100000, false)
            .instance("a", "n1", "", DiskTemplate.PLAIN)
            .build();
    Cluster withoutH =
        new Cluster(
            twoGroups.name(),
            twoGroups.groups(),
            twoGroups.nodes().subList(0, 2),
            twoGroups.instances(),
            List.of(),
            List.of());
    assertEquals(
        List.of("g", "h"),
        GroupScores.between(twoGroups, twoGroups).stream().map(GroupScore::group).toList());
    assertEquals(
        List.of("g"),
        GroupScores.between(twoGroups, withoutH).stream().map(GroupScore::group).toList());
    assertEquals(
        List.of("g"),
        GroupScores.between(withoutH, twoGroups).stream().map(GroupScore::group).toList());
  }
}
