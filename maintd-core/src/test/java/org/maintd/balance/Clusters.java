package org.maintd.balance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.htools.HtoolsReader;

/** Small clusters for the balancer's tests, written in the htools text format, one group. */
final class Clusters {
  static final String GROUP = "fake-uuid";
  static final String POLICY =
      "|128,1,1024,1,1,1|128,1,512,1,1,1;1024,8,1048576,16,8,12|drbd,plain,diskless|4.0|32.0";

  private Clusters() {}

  /** The group {@code default} ({@code fake-uuid}) with these nodes, instances, tags, policies. */
  static Cluster of(String nodes, String instances, String tags, String policies) {
    return of("default|" + GROUP + "|preferred||", nodes, instances, tags, policies);
  }

  static Cluster of(String groups, String nodes, String instances, String tags, String policies) {
    String text =
        groups.strip()
            + "\n\n"
            + nodes.strip()
            + "\n\n"
            + instances.strip()
            + "\n\n"
            + (tags.isBlank() ? "" : tags.strip() + "\n")
            + "\n"
            + policies.strip()
            + "\n";
    return new HtoolsReader().read(text, "test");
  }

  /** A move as hbal prints it: {@code inst old-primary:old-secondary => new:new commands}. */
  static String show(BalanceMove m) {
    return m.instance()
        + " "
        + m.oldPrimary()
        + ":"
        + m.oldSecondary()
        + " => "
        + m.newPrimary()
        + ":"
        + m.newSecondary()
        + " "
        + m.commands();
  }

  static List<String> show(List<BalanceMove> moves) {
    return moves.stream().map(Clusters::show).toList();
  }

  /**
   * The cluster after one move as Ganeti would report it: the instance on its new nodes, its memory
   * taken from its new primary's free memory, its disk from both new nodes' free disk.
   */
  static Cluster afterMove(Cluster c, BalanceMove m) {
    Instance i = c.instance(m.instance()).orElseThrow();
    Map<String, Long> mem = new HashMap<>();
    Map<String, Long> disk = new HashMap<>();
    if (i.usesMemory()) {
      mem.merge(m.oldPrimary(), i.memory(), Long::sum);
      mem.merge(m.newPrimary(), -i.memory(), Long::sum);
    }
    if (i.usesLocalStorage()) {
      for (String n : List.of(m.oldPrimary(), m.oldSecondary())) {
        disk.merge(n, i.disk(), Long::sum);
      }
      for (String n : List.of(m.newPrimary(), m.newSecondary())) {
        disk.merge(n, -i.disk(), Long::sum);
      }
    }
    List<Node> nodes = new ArrayList<>();
    for (Node n : c.nodes()) {
      Node.Resources r = n.resources();
      nodes.add(
          n.withResources(
              r.withFree(
                  r.memFree() + mem.getOrDefault(n.name(), 0L),
                  r.diskFree() + disk.getOrDefault(n.name(), 0L))));
    }
    List<Instance> instances = new ArrayList<>();
    for (Instance j : c.instances()) {
      instances.add(j.name().equals(i.name()) ? j.placedOn(m.newPrimary(), m.newSecondary()) : j);
    }
    return new Cluster(c.name(), c.groups(), nodes, instances, c.tags(), c.policies());
  }

  /**
   * The balanced cluster with each node's free memory as it is once the moved instances run where
   * they were moved: what a node frees or takes by the primaries it lost or gained.
   */
  static Cluster withMemoryMoved(Cluster original, Cluster balanced) {
    Map<String, Long> delta = new HashMap<>();
    for (Instance i : original.instances()) {
      if (i.usesMemory()) {
        delta.merge(i.primary(), i.memory(), Long::sum);
      }
    }
    for (Instance i : balanced.instances()) {
      if (i.usesMemory()) {
        delta.merge(i.primary(), -i.memory(), Long::sum);
      }
    }
    List<Node> nodes = new ArrayList<>();
    for (Node n : balanced.nodes()) {
      Node.Resources r = n.resources();
      nodes.add(
          n.withResources(
              r.withFree(r.memFree() + delta.getOrDefault(n.name(), 0L), r.diskFree())));
    }
    return new Cluster(
        balanced.name(),
        balanced.groups(),
        nodes,
        balanced.instances(),
        balanced.tags(),
        balanced.policies());
  }
}
