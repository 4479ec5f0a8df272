package org.maintd.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.testing.ClusterBuilder;

/** The index answers what the snapshot's own searches answer, for every name asked. */
class ClusterIndexTest {
  private final Cluster cluster =
      new ClusterBuilder()
          .node("n1", "g1", 8192, 100_000, true)
          .node("n2", "g1", 8192, 100_000, false)
          .node("n3", "g2", 8192, 100_000, false)
          .instance("i1", "n1", "n2", DiskTemplate.DRBD)
          .instance("i2", "n2", "", DiskTemplate.PLAIN)
          .instance("i3", "n1", "n3", DiskTemplate.DRBD)
          .instance("i2", "n3", "n1", DiskTemplate.DRBD)
          .build();
  private final ClusterIndex index = new ClusterIndex(cluster);

  @Test
  void findsInstancesByNameAsTheSnapshotDoes() {
    for (String name : List.of("i1", "i2", "i3", "absent", "")) {
      assertEquals(cluster.instance(name), index.instance(name), name);
    }
    assertEquals("n2", index.instance("i2").orElseThrow().primary(), "the first of a name");
    assertEquals(Optional.empty(), index.instance("absent"));
  }

  @Test
  void listsEachNodesInstancesAsTheSnapshotDoes() {
    for (String node : List.of("n1", "n2", "n3", "absent")) {
      assertEquals(cluster.primariesOf(node), index.primariesOf(node), node);
      assertEquals(cluster.secondariesOf(node), index.secondariesOf(node), node);
    }
    assertEquals(2, index.primariesOf("n1").size());
  }

  @Test
  void findsNodesAndGroups() {
    assertEquals(cluster.node("n3"), index.node("n3"));
    assertEquals(Optional.empty(), index.node("absent"));
    assertEquals(cluster.groupByUuid("g2"), index.group("g2"));
    assertEquals(Optional.empty(), index.group("absent"));
  }
}
