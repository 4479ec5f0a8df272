package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.testing.ClusterBuilder;

/** Where the instances a rehearsal moved went. */
class PlacementsTest {
  private static Cluster cluster(String... placed) {
    ClusterBuilder b =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false);
    for (String p : placed) {
      String[] f = p.split(":", -1);
      b.instance(f[0], f[1], f[2], f[2].isEmpty() ? DiskTemplate.PLAIN : DiskTemplate.DRBD);
    }
    return b.build();
  }

  @Test
  void onlyTheInstancesWhosePrimaryOrSecondaryChangedMovedInNameOrder() {
    Cluster before = cluster("web:n2:n3", "db:n2:", "app:n3:n2", "still:n1:n3", "gone:n2:");
    Cluster after = cluster("web:n3:n2", "db:n1:", "app:n3:n1", "still:n1:n3");
    assertEquals(
        List.of(
            new Placement("app", "n3", "n3", "n2", "n1"),
            new Placement("db", "n2", "n1", "", ""),
            new Placement("web", "n2", "n3", "n3", "n2")),
        Placements.moved(before, after));
  }
}
