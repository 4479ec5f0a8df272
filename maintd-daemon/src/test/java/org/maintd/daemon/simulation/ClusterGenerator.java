package org.maintd.daemon.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.ClusterSource;
import org.maintd.htools.HtoolsReader;

/**
 * A small random cluster for a seed, written in the htools text format and read back as the daemon
 * reads one: one or two node groups of three or four nodes, some on two racks, with mirrored
 * (DRBD), plain, diskless and shared-file instances, a third of them opted in to one of harep's
 * repair types ({@link #generate}). {@link #tight} gives clusters with little free memory, and
 * {@link #racked} larger groups whose nodes all stand in small racks.
 */
final class ClusterGenerator {
  private static final String[] TEMPLATES = {"drbd", "drbd", "plain", "diskless", "sharedfile"};
  private static final String[] REPAIRS = {"fix-storage", "migrate", "failover", "reinstall"};

  private ClusterGenerator() {}

  static Cluster generate(Random random) {
    StringBuilder groups = new StringBuilder();
    StringBuilder nodes = new StringBuilder();
    StringBuilder instances = new StringBuilder();
    List<List<String>> members = new ArrayList<>();
    int groupCount = 1 + random.nextInt(2);
    boolean racks = random.nextBoolean();
    int n = 0;
    for (int g = 1; g <= groupCount; g++) {
      String uuid = new UUID(g, g).toString();
      groups.append("group").append(g).append('|').append(uuid).append("|preferred||\n");
      List<String> names = new ArrayList<>();
      int size = 3 + random.nextInt(2);
      for (int i = 0; i < size; i++) {
        String name = "node" + (++n);
        names.add(name);
        nodes
            .append(name)
            .append("|65536|2048|55296|1024000|921600|16|")
            .append(n == 1 ? "M" : "N")
            .append('|')
            .append(uuid)
            .append("|1|")
            .append(racks ? "rack:" + (char) ('a' + i % 2) : "")
            .append("|N|0|16|1.0\n");
      }
      members.add(names);
    }
    int inst = 0;
    for (List<String> names : members) {
      for (String primary : names) {
        int count = random.nextInt(3);
        for (int k = 0; k < count; k++) {
          String template = TEMPLATES[random.nextInt(TEMPLATES.length)];
          String secondary = template.equals("drbd") ? other(names, primary, random) : "";
          String tags =
              random.nextInt(3) == 0
                  ? "ganeti:watcher:autorepair:" + REPAIRS[random.nextInt(REPAIRS.length)]
                  : "";
          String status = random.nextInt(8) == 0 ? "ADMIN_down" : "running";
          instances.append(
              String.format(
                  "inst%02d|2048|%d|1|%s|Y|%s|%s|%s|%s|1|-|N%n",
                  ++inst,
                  template.equals("diskless") ? 0 : 10240,
                  status,
                  primary,
                  secondary,
                  template,
                  tags));
        }
      }
    }
    String text = groups + "\n" + nodes + "\n" + instances + "\n\n";
    return ClusterSource.withCandidates(new HtoolsReader().read(text, "sim"));
  }

  /**
   * A cluster with little free memory: one or two groups of three to five nodes, some on two racks,
   * one to three instances of 1 to 4 GiB on each node, and 0 to 8 GiB free per node (in whole GiB,
   * so that an instance can fill a node exactly). Evacuations and campaigns then wait for room, or
   * find just enough of it.
   */
  static Cluster tight(Random random) {
    int groupCount = 1 + random.nextInt(2);
    boolean racks = random.nextBoolean();
    List<List<String>> members = new ArrayList<>();
    List<String> tags = new ArrayList<>();
    int n = 0;
    for (int g = 1; g <= groupCount; g++) {
      List<String> names = new ArrayList<>();
      int size = 3 + random.nextInt(3);
      for (int i = 0; i < size; i++) {
        names.add("node" + (++n));
        tags.add(racks ? "rack:" + (char) ('a' + i % 2) : "");
      }
      members.add(names);
    }
    StringBuilder instances = new StringBuilder();
    java.util.Map<String, Long> used = new java.util.HashMap<>();
    int inst = 0;
    for (List<String> names : members) {
      for (String primary : names) {
        int count = 1 + random.nextInt(3);
        for (int k = 0; k < count; k++) {
          long memory = 1024L * (1 + random.nextInt(4));
          inst++;
          String status = random.nextInt(8) == 0 ? "ADMIN_down" : "running";
          if (status.equals("running")) {
            used.merge(primary, memory, Long::sum);
          }
          instances.append(instance(random, inst, memory, status, primary, names));
        }
      }
    }
    long[] free = {0, 0, 1024, 2048, 3072, 4096, 5120, 6144, 8192};
    StringBuilder nodes = new StringBuilder();
    n = 0;
    for (int g = 1; g <= groupCount; g++) {
      for (String name : members.get(g - 1)) {
        long memFree = free[random.nextInt(free.length)];
        long memTotal = 2048 + used.getOrDefault(name, 0L) + memFree;
        nodes.append(node(name, ++n, g, memTotal, memFree, List.of(tags.get(n - 1))));
      }
    }
    return read(groupCount, nodes, instances);
  }

  /**
   * A cluster for binding safety caps: one or two groups of four to eight nodes, every node in a
   * rack of two or three nodes of its group ({@code rack:r1}, ...), and, in a third of the
   * clusters, every two racks on one power distribution unit ({@code pdu:p1}, ..., which may span
   * the groups); zero to two instances per node, with room to spare.
   */
  static Cluster racked(Random random) {
    int groupCount = 1 + random.nextInt(2);
    boolean pdus = random.nextInt(3) == 0;
    StringBuilder nodes = new StringBuilder();
    List<List<String>> members = new ArrayList<>();
    int n = 0;
    int rack = 0;
    for (int g = 1; g <= groupCount; g++) {
      List<String> names = new ArrayList<>();
      int size = 4 + random.nextInt(5);
      int left = 0;
      for (int i = 0; i < size; i++) {
        if (left == 0) {
          rack++;
          int remaining = size - i;
          left = remaining <= 3 ? remaining : 2 + random.nextInt(2);
          if (remaining - left == 1) {
            left = 2;
          }
        }
        left--;
        String name = "node" + (++n);
        names.add(name);
        List<String> tags = new ArrayList<>(List.of("rack:r" + rack));
        if (pdus) {
          tags.add("pdu:p" + (1 + (rack - 1) / 2));
        }
        nodes.append(node(name, n, g, 65536, 55296, tags));
      }
      members.add(names);
    }
    StringBuilder instances = new StringBuilder();
    int inst = 0;
    for (List<String> names : members) {
      for (String primary : names) {
        int count = random.nextInt(3);
        for (int k = 0; k < count; k++) {
          String status = random.nextInt(8) == 0 ? "ADMIN_down" : "running";
          instances.append(instance(random, ++inst, 2048, status, primary, names));
        }
      }
    }
    return read(groupCount, nodes, instances);
  }

  private static String node(
      String name, int n, int group, long memTotal, long memFree, List<String> tags) {
    return name
        + "|"
        + memTotal
        + "|2048|"
        + memFree
        + "|1024000|921600|16|"
        + (n == 1 ? "M" : "N")
        + "|"
        + new UUID(group, group)
        + "|1|"
        + String.join(",", tags.stream().filter(t -> !t.isEmpty()).toList())
        + "|N|0|16|1.0\n";
  }

  private static String instance(
      Random random, int inst, long memory, String status, String primary, List<String> names) {
    String template = TEMPLATES[random.nextInt(TEMPLATES.length)];
    String secondary = template.equals("drbd") ? other(names, primary, random) : "";
    String tags =
        random.nextInt(3) == 0
            ? "ganeti:watcher:autorepair:" + REPAIRS[random.nextInt(REPAIRS.length)]
            : "";
    return String.format(
        "inst%02d|%d|%d|1|%s|Y|%s|%s|%s|%s|1|-|N%n",
        inst,
        memory,
        template.equals("diskless") ? 0 : 10240,
        status,
        primary,
        secondary,
        template,
        tags);
  }

  private static Cluster read(int groupCount, StringBuilder nodes, StringBuilder instances) {
    StringBuilder groups = new StringBuilder();
    for (int g = 1; g <= groupCount; g++) {
      groups.append("group").append(g).append('|').append(new UUID(g, g)).append("|preferred||\n");
    }
    String text = groups + "\n" + nodes + "\n" + instances + "\n\n";
    return ClusterSource.withCandidates(new HtoolsReader().read(text, "sim"));
  }

  private static String other(List<String> names, String primary, Random random) {
    List<String> others = names.stream().filter(x -> !x.equals(primary)).toList();
    return others.get(random.nextInt(others.size()));
  }
}
