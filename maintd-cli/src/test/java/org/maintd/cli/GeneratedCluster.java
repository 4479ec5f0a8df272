package org.maintd.cli;

import java.util.List;
import org.maintd.generate.ClusterSpec;

/**
 * The tests' and benchmarks' way to {@link org.maintd.generate.GeneratedCluster}: the same text for
 * the same arguments as before it moved into maintd-core.
 */
public final class GeneratedCluster {
  private GeneratedCluster() {}

  public static String text(int nodes, int groups, int instances, long seed) {
    return text(nodes, groups, instances, seed, List.of());
  }

  /** The same, with these cluster tags (such as {@code htools:iextags:service}). */
  public static String text(
      int nodes, int groups, int instances, long seed, List<String> clusterTags) {
    return org.maintd.generate.GeneratedCluster.text(
        new ClusterSpec(nodes, instances, groups, seed), clusterTags);
  }
}
