package org.maintd.jobtime;

import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.testing.ClusterBuilder;

/** The cluster the operation times' tests size: app1 (2 GiB of memory, 1 GiB of disk) on n1/n2. */
final class App1 {
  static final Cluster CLUSTER =
      new ClusterBuilder()
          .node("n1", "g", 8192, 100000, true)
          .node("n2", "g", 8192, 100000, false)
          .node("n3", "g", 8192, 100000, false)
          .instance("app1", "n1", "n2", DiskTemplate.DRBD, 2048, InstanceStatus.running)
          .build();

  private App1() {}
}
