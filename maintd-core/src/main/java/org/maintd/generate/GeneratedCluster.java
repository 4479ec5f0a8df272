package org.maintd.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

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
    Lcg48 rnd = new Lcg48(spec.seed());
    GeneratedNodes nodes = new GeneratedNodes(spec, rnd);
    List<String> instances = new ArrayList<>();
    for (int i = 0; i < spec.instances(); i++) {
      instance(i, spec.groups(), rnd, nodes).ifPresent(instances::add);
    }
    StringBuilder b = new StringBuilder();
    for (int g = 0; g < spec.groups(); g++) {
      b.append(
          String.format(Locale.ROOT, "group-%02d|uuid-group-%02d|preferred||\n", g + 1, g + 1));
    }
    b.append('\n');
    nodes.lines().forEach(l -> b.append(l).append('\n'));
    b.append('\n');
    instances.forEach(l -> b.append(l).append('\n'));
    b.append('\n');
    clusterTags.forEach(t -> b.append(t).append('\n'));
    b.append('\n');
    return b.toString();
  }

  /**
   * Instance {@code i}, of a flavour, in a group, DRBD or plain, running or down, drawn from {@code
   * rnd}, placed on {@code nodes}: its line; empty when it finds no room (it is left out).
   */
  private static Optional<String> instance(int i, int groups, Lcg48 rnd, GeneratedNodes nodes) {
    long[] f = flavour(rnd);
    int g = rnd.nextInt(groups);
    int lo = nodes.first(g);
    int hi = nodes.end(g);
    if (hi - lo < 2) {
      return Optional.empty();
    }
    boolean drbd = rnd.nextInt(4) != 0;
    boolean down = rnd.nextInt(10) == 0;
    long mem = down ? 0 : f[1];
    OptionalInt primary = nodes.pick(rnd, lo, hi, n -> true, mem, f[2]);
    if (primary.isEmpty() || !nodes.keepsReserve(primary.getAsInt(), mem)) {
      return Optional.empty();
    }
    int p = primary.getAsInt();
    OptionalInt s = OptionalInt.empty();
    if (drbd) {
      s = nodes.pick(rnd, lo, hi, n -> n != p, 0, f[2]);
      if (s.isEmpty() || !nodes.reserveFor(s.getAsInt(), p, f[1])) {
        return Optional.empty();
      }
    }
    nodes.use(p, s, mem, f[2]);
    String tags = rnd.nextInt(10) < 3 ? "service:svc" + rnd.nextInt(20) : "";
    return Optional.of(
        String.format(
            Locale.ROOT,
            "inst-%06d|%d|%d|%d|%s|Y|%s|%s|%s|%s|1|-|N",
            i,
            f[1],
            f[2],
            f[3],
            down ? "ADMIN_down" : "running",
            nodes.name(p),
            s.isPresent() ? nodes.name(s.getAsInt()) : "",
            drbd ? "drbd" : "plain",
            tags));
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
}
