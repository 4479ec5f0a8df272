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
 * repair types.
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

  private static String other(List<String> names, String primary, Random random) {
    List<String> others = names.stream().filter(x -> !x.equals(primary)).toList();
    return others.get(random.nextInt(others.size()));
  }
}
