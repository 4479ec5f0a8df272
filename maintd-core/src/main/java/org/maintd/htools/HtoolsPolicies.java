package org.maintd.htools;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;

/**
 * The instance-policy section as the htools write it ({@code -S}): the cluster's policy line first,
 * then one line per node group in group order, Ganeti's default policy standing in for each one the
 * snapshot does not give. Lines given are kept as they are. Stateless.
 */
public final class HtoolsPolicies {
  /** Ganeti 3.0's default instance policy, after its owner. */
  static final String DEFAULT =
      "|128,1,1024,1,1,1|128,1,1024,1,1,1;32768,8,1048576,16,8,12"
          + "|diskless,file,sharedfile,plain,blockdev,drbd,rbd,ext,gluster|4.0|32.0";

  private HtoolsPolicies() {}

  /** {@code cluster} with its policy section completed and ordered as the htools write it. */
  public static Cluster complete(Cluster cluster) {
    List<String> lines = new ArrayList<>();
    lines.add(line(cluster, "").orElse(DEFAULT));
    for (Group g : cluster.groups()) {
      lines.add(line(cluster, g.name()).orElse(g.name() + DEFAULT));
    }
    return new Cluster(
        cluster.name(),
        cluster.groups(),
        cluster.nodes(),
        cluster.instances(),
        cluster.tags(),
        lines);
  }

  /** The last policy line of {@code owner} (empty: the cluster), as the htools let it win. */
  private static Optional<String> line(Cluster cluster, String owner) {
    String prefix = owner + "|";
    return cluster.policies().stream().filter(l -> l.startsWith(prefix)).reduce((a, b) -> b);
  }
}
