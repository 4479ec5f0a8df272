package org.maintd.generate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

/**
 * The nodes of a generated cluster as its instances are placed on them: node-GG-NNNNN in groups of
 * consecutive nodes, node 0 the master, each of one of three memory sizes (disk twelve times its
 * memory) and a weight that skews the placement; the memory and disk the instances placed so far
 * use, and the memory each node keeps to take over the DRBD instances of any one peer (N+1). Not
 * thread-safe: one per text.
 */
final class GeneratedNodes {
  private static final double[] SIZES = {1.0, 1.0, 1.5, 2.0};

  private final int perGroup;
  private final String[] name;
  private final int[] group;
  private final long[] totalMem;
  private final long[] totalDisk;
  private final long[] usedMem;
  private final long[] usedDisk;
  private final double[] weight;
  private final List<Map<Integer, Long>> peers = new ArrayList<>();
  private final long[] reserve;

  /** The nodes of {@code spec}, their sizes and weights drawn from {@code rnd}. */
  GeneratedNodes(ClusterSpec spec, Lcg48 rnd) {
    int nodes = spec.nodes();
    long perNodeMem = Math.max(16384, (long) (spec.instances() / (double) nodes * 3600 / 0.55));
    perGroup = (nodes + spec.groups() - 1) / spec.groups();
    name = new String[nodes];
    group = new int[nodes];
    totalMem = new long[nodes];
    totalDisk = new long[nodes];
    usedMem = new long[nodes];
    usedDisk = new long[nodes];
    weight = new double[nodes];
    reserve = new long[nodes];
    for (int n = 0; n < nodes; n++) {
      group[n] = Math.min(spec.groups() - 1, n / perGroup);
      name[n] = String.format(Locale.ROOT, "node-%02d-%05d", group[n] + 1, n);
      totalMem[n] = (long) (perNodeMem * SIZES[rnd.nextInt(SIZES.length)]);
      totalDisk[n] = totalMem[n] * 12;
      weight[n] = Math.exp(rnd.nextGaussian() * 0.5);
      peers.add(new HashMap<>());
    }
  }

  /** The first node of group {@code g}. */
  int first(int g) {
    return g * perGroup;
  }

  /** The node after the last of group {@code g}. */
  int end(int g) {
    return Math.min(name.length, first(g) + perGroup);
  }

  String name(int n) {
    return name[n];
  }

  /**
   * A node of {@code lo} to {@code hi} (excluded), drawn by weight, that {@code allowed} allows and
   * that stays under 60% of its memory and 90% of its disk with {@code mem} and {@code disk} more;
   * empty when 20 draws find none.
   */
  OptionalInt pick(Lcg48 rnd, int lo, int hi, IntPredicate allowed, long mem, long disk) {
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
      if (allowed.test(n)
          && usedMem[n] + mem < (totalMem[n] - 1024) * 0.6
          && usedDisk[n] + disk < totalDisk[n] * 0.9) {
        return OptionalInt.of(n);
      }
    }
    return OptionalInt.empty();
  }

  /** Whether primary {@code p} keeps its reserve with an instance of {@code mem} more. */
  boolean keepsReserve(int p, long mem) {
    return totalMem[p] - 1024 - usedMem[p] - mem > reserve[p];
  }

  /**
   * Whether {@code s} can take over the DRBD instances of {@code p} with one of {@code mem} more,
   * reserving the memory for it when it can.
   */
  boolean reserveFor(int s, int p, long mem) {
    long peer = peers.get(s).getOrDefault(p, 0L) + mem;
    if (totalMem[s] - 1024 - usedMem[s] <= Math.max(reserve[s], peer)) {
      return false;
    }
    peers.get(s).put(p, peer);
    reserve[s] = Math.max(reserve[s], peer);
    return true;
  }

  /** An instance of {@code mem} and {@code disk} placed on {@code p}, mirrored on {@code s}. */
  void use(int p, OptionalInt s, long mem, long disk) {
    usedMem[p] += mem;
    usedDisk[p] += disk;
    s.ifPresent(secondary -> usedDisk[secondary] += disk);
  }

  /** The nodes' lines in the htools text format, with their free memory and disk. */
  List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (int n = 0; n < name.length; n++) {
      String tags =
          String.format(Locale.ROOT, "rack:g%02d-r%02d", group[n] + 1, (n % perGroup) / 10)
              + (n % 4 == 0 ? ",needsreboot" : "");
      lines.add(
          String.format(
              Locale.ROOT,
              "%s|%d|1024|%d|%d|%d|32|%s|uuid-group-%02d|1|%s|N|0|1|1.0",
              name[n],
              totalMem[n],
              totalMem[n] - 1024 - usedMem[n],
              totalDisk[n],
              totalDisk[n] - usedDisk[n],
              n == 0 ? "M" : "N",
              group[n] + 1,
              tags));
    }
    return lines;
  }
}
