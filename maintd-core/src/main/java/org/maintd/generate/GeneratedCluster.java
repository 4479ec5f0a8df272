package org.maintd.generate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A deterministic synthetic cluster in the htools text format: {@code nodes} nodes in {@code
 * groups} groups (node-GG-NNNNN, one master, three hardware sizes, rack and reboot tags), {@code
 * instances} instances (75% DRBD with both nodes in one group, 25% plain, 10% down) placed with a
 * skew but within memory and disk, every node keeping enough free memory to take over the DRBD
 * instances of any one peer (N+1), and free memory and disk consistent with the placement. The same
 * spec gives the same text. Stateless.
 */
public final class GeneratedCluster {
  private static final long[][] FLAVOURS = {
    {30, 1024, 10240, 1},
    {30, 2048, 20480, 1},
    {20, 4096, 40960, 2},
    {12, 8192, 81920, 4},
    {6, 16384, 163840, 8}
  };

  private GeneratedCluster() {}

  public static String text(ClusterSpec spec) {
    return text(spec, List.of());
  }

  /** The same, with these cluster tags (such as {@code htools:iextags:service}). */
  public static String text(ClusterSpec spec, List<String> clusterTags) {
    int nodes = spec.nodes();
    int groups = spec.groups();
    int instances = spec.instances();
    Lcg48 rnd = new Lcg48(spec.seed());
    long perNodeMem = Math.max(16384, (long) (instances / (double) nodes * 3600 / 0.55));
    String[] name = new String[nodes];
    int[] group = new int[nodes];
    long[] totalMem = new long[nodes];
    long[] totalDisk = new long[nodes];
    long[] usedMem = new long[nodes];
    long[] usedDisk = new long[nodes];
    double[] weight = new double[nodes];
    List<Map<Integer, Long>> peers = new ArrayList<>();
    long[] reserve = new long[nodes];
    int perGroup = (nodes + groups - 1) / groups;
    for (int n = 0; n < nodes; n++) {
      group[n] = Math.min(groups - 1, n / perGroup);
      name[n] = String.format(Locale.ROOT, "node-%02d-%05d", group[n] + 1, n);
      double size = new double[] {1.0, 1.0, 1.5, 2.0}[rnd.nextInt(4)];
      totalMem[n] = (long) (perNodeMem * size);
      totalDisk[n] = totalMem[n] * 12;
      weight[n] = Math.exp(rnd.nextGaussian() * 0.5);
      peers.add(new HashMap<>());
    }
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < instances; i++) {
      long[] f = flavour(rnd);
      int g = rnd.nextInt(groups);
      int lo = g * perGroup;
      int hi = Math.min(nodes, lo + perGroup);
      if (hi - lo < 2) {
        continue;
      }
      boolean drbd = rnd.nextInt(4) != 0;
      boolean down = rnd.nextInt(10) == 0;
      int p =
          pick(
              rnd,
              weight,
              lo,
              hi,
              -1,
              totalMem,
              usedMem,
              down ? 0 : f[1],
              totalDisk,
              usedDisk,
              f[2]);
      if (p < 0 || totalMem[p] - 1024 - usedMem[p] - (down ? 0 : f[1]) <= reserve[p]) {
        continue;
      }
      int s = -1;
      if (drbd) {
        s = pick(rnd, weight, lo, hi, p, totalMem, usedMem, 0, totalDisk, usedDisk, f[2]);
        if (s < 0) {
          continue;
        }
        long peer = peers.get(s).getOrDefault(p, 0L) + f[1];
        if (totalMem[s] - 1024 - usedMem[s] <= Math.max(reserve[s], peer)) {
          continue;
        }
        peers.get(s).put(p, peer);
        reserve[s] = Math.max(reserve[s], peer);
      }
      usedMem[p] += down ? 0 : f[1];
      usedDisk[p] += f[2];
      if (s >= 0) {
        usedDisk[s] += f[2];
      }
      String tags = rnd.nextInt(10) < 3 ? "service:svc" + rnd.nextInt(20) : "";
      lines.add(
          String.format(
              Locale.ROOT,
              "inst-%06d|%d|%d|%d|%s|Y|%s|%s|%s|%s|1|-|N",
              i,
              f[1],
              f[2],
              f[3],
              down ? "ADMIN_down" : "running",
              name[p],
              s >= 0 ? name[s] : "",
              drbd ? "drbd" : "plain",
              tags));
    }
    StringBuilder b = new StringBuilder();
    for (int g = 0; g < groups; g++) {
      b.append(
          String.format(Locale.ROOT, "group-%02d|uuid-group-%02d|preferred||\n", g + 1, g + 1));
    }
    b.append('\n');
    for (int n = 0; n < nodes; n++) {
      String tags =
          String.format(Locale.ROOT, "rack:g%02d-r%02d", group[n] + 1, (n % perGroup) / 10)
              + (n % 4 == 0 ? ",needsreboot" : "");
      b.append(
          String.format(
              Locale.ROOT,
              "%s|%d|1024|%d|%d|%d|32|%s|uuid-group-%02d|1|%s|N|0|1|1.0\n",
              name[n],
              totalMem[n],
              totalMem[n] - 1024 - usedMem[n],
              totalDisk[n],
              totalDisk[n] - usedDisk[n],
              n == 0 ? "M" : "N",
              group[n] + 1,
              tags));
    }
    b.append('\n');
    lines.forEach(l -> b.append(l).append('\n'));
    b.append('\n');
    clusterTags.forEach(t -> b.append(t).append('\n'));
    b.append('\n');
    return b.toString();
  }

  private static long[] flavour(Lcg48 rnd) {
    int r = rnd.nextInt(98);
    for (long[] f : FLAVOURS) {
      if (r < f[0]) {
        return f;
      }
      r -= f[0];
    }
    return FLAVOURS[0];
  }

  private static int pick(
      Lcg48 rnd,
      double[] weight,
      int lo,
      int hi,
      int avoid,
      long[] totalMem,
      long[] usedMem,
      long mem,
      long[] totalDisk,
      long[] usedDisk,
      long disk) {
    for (int attempt = 0; attempt < 20; attempt++) {
      double sum = 0;
      for (int n = lo; n < hi; n++) {
        sum += weight[n];
      }
      double x = rnd.nextDouble() * sum;
      int n = lo;
      for (; n < hi - 1; n++) {
        x -= weight[n];
        if (x <= 0) {
          break;
        }
      }
      if (n != avoid
          && usedMem[n] + mem < (totalMem[n] - 1024) * 0.6
          && usedDisk[n] + disk < totalDisk[n] * 0.9) {
        return n;
      }
    }
    return -1;
  }
}
