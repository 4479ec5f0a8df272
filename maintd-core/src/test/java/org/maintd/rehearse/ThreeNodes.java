package org.maintd.rehearse;

import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.testing.ClusterBuilder;

/** The cluster rehearsals' tests play on: n1 (the master), n2 and n3 in one group. */
final class ThreeNodes {
  private ThreeNodes() {}

  /** The cluster with instances placed as {@code name:primary:secondary} (none: plain). */
  static Cluster with(String... placed) {
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
}
