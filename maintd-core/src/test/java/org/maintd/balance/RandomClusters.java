package org.maintd.balance;

import java.util.Random;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;

/**
 * Seeded random clusters of one group for the balancer's tests, with what makes moves differ: nodes
 * of three sizes in racks (locations), some offline; DRBD, plain and shared-storage instances of
 * five sizes, some stopped, offline or not auto-balanced, some with an exclusion tag. The same seed
 * gives the same cluster.
 */
final class RandomClusters {
  private static final long[][] SIZES = {
    {1024, 10240, 1}, {2048, 20480, 1}, {4096, 40960, 2}, {8192, 81920, 4}, {512, 5120, 1}
  };
  private static final String[] TEMPLATES = {
    "drbd", "drbd", "drbd", "plain", "sharedfile", "diskless"
  };
  private static final String[] STATUS = {
    "running", "running", "running", "running", "running", "running", "ADMIN_down", "ADMIN_offline"
  };

  private RandomClusters() {}

  /** {@code nodes} nodes and {@code instances} instances, from {@code seed}. */
  static Cluster of(int nodes, int instances, long seed) {
    return of(nodes, instances, seed, false);
  }

  /**
   * The same, and with migration tags (nodes in two migration domains, migration allowed from the
   * first to the second only) and desired locations (some instances want a rack).
   */
  static Cluster tagged(int nodes, int instances, long seed) {
    return of(nodes, instances, seed, true);
  }

  private static Cluster of(int nodes, int instances, long seed, boolean tagged) {
    Random rnd = new Random(seed);
    StringBuilder b = new StringBuilder("default|" + Clusters.GROUP + "|preferred||\n\n");
    for (int n = 0; n < nodes; n++) {
      long mem = 32768L * (1 + rnd.nextInt(3));
      b.append(
          String.format(
              "node%02d|%d|1024|%d|%d|%d|%d|%s|%s|1|rack:r%d%s|N|0|1|1.0%n",
              n,
              mem,
              mem / 2 + rnd.nextInt(4096),
              mem * 12,
              mem * 6 + rnd.nextInt(100000),
              16 + 16 * rnd.nextInt(2),
              n == 0 ? "M" : (rnd.nextInt(12) == 0 ? "Y" : "N"),
              Clusters.GROUP,
              n % 3,
              tagged ? ",mig:m" + n % 2 : ""));
    }
    b.append('\n');
    for (int i = 0; i < instances; i++) {
      long[] size = SIZES[rnd.nextInt(SIZES.length)];
      String template = TEMPLATES[rnd.nextInt(TEMPLATES.length)];
      int p = rnd.nextInt(nodes);
      int s = (p + 1 + rnd.nextInt(nodes - 1)) % nodes;
      b.append(
          String.format(
              "inst%03d|%d|%d|%d|%s|%s|node%02d|%s|%s|%s|1|-|N%n",
              i,
              size[0],
              template.equals("diskless") ? 0 : size[1],
              size[2],
              STATUS[rnd.nextInt(STATUS.length)],
              rnd.nextInt(15) == 0 ? "N" : "Y",
              p,
              template.equals("drbd") ? String.format("node%02d", s) : "",
              template,
              tags(rnd, tagged)));
    }
    b.append("\nhtools:iextags:service\nhtools:nlocation:rack\n");
    if (tagged) {
      b.append("htools:migration:mig\nhtools:allowmigration:mig:m0::mig:m1\n");
      b.append("htools:desiredlocation:rack\n");
    }
    b.append('\n').append(Clusters.POLICY);
    return new HtoolsReader().read(b + "\n", "random-" + seed);
  }

  /**
   * An instance's tags: an exclusion tag for one in four, and when tagged a rack for one in three.
   */
  private static String tags(Random rnd, boolean tagged) {
    String service = rnd.nextInt(4) == 0 ? "service:s" + rnd.nextInt(4) : "";
    if (!tagged || rnd.nextInt(3) != 0) {
      return service;
    }
    String rack = "rack:r" + rnd.nextInt(3);
    return service.isEmpty() ? rack : service + "," + rack;
  }
}
