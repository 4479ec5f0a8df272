package org.maintd.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Nodes, groups and instances of one snapshot by name and uuid, and its instances by node, for
 * planners that look them up per instance or per node ({@link Cluster#node}, {@link
 * Cluster#instance} and {@link Cluster#primariesOf} search the lists). The instances are sorted out
 * on the first call that asks for one. Thread-safe; what it answers does not change.
 */
public final class ClusterIndex {
  private final Cluster cluster;
  private final Map<String, Node> nodes = new HashMap<>();
  private final Map<String, Group> groups = new HashMap<>();
  private volatile ByNode byNode;

  /**
   * The instances by name (the first of a name, as {@link Cluster#instance} finds it) and of each
   * node, as primary and as secondary, each in the cluster's order.
   */
  private record ByNode(
      Map<String, Instance> byName,
      Map<String, List<Instance>> primaries,
      Map<String, List<Instance>> secondaries) {}

  public ClusterIndex(Cluster cluster) {
    this.cluster = cluster;
    cluster.nodes().forEach(n -> nodes.put(n.name(), n));
    cluster.groups().forEach(g -> groups.put(g.uuid(), g));
  }

  public Optional<Node> node(String name) {
    return Optional.ofNullable(nodes.get(name));
  }

  public Optional<Group> group(String uuid) {
    return Optional.ofNullable(groups.get(uuid));
  }

  /** The instance named {@code name}, as {@link Cluster#instance} finds it. */
  public Optional<Instance> instance(String name) {
    return Optional.ofNullable(byNode().byName().get(name));
  }

  /** The instances whose primary is {@code node}, as {@link Cluster#primariesOf} lists them. */
  public List<Instance> primariesOf(String node) {
    return Collections.unmodifiableList(byNode().primaries().getOrDefault(node, List.of()));
  }

  /** The instances whose secondary is {@code node}, as {@link Cluster#secondariesOf} lists them. */
  public List<Instance> secondariesOf(String node) {
    return Collections.unmodifiableList(byNode().secondaries().getOrDefault(node, List.of()));
  }

  private ByNode byNode() {
    ByNode b = byNode;
    if (b == null) {
      Map<String, Instance> byName = new HashMap<>(2 * cluster.instances().size());
      Map<String, List<Instance>> primaries = new HashMap<>(2 * nodes.size());
      Map<String, List<Instance>> secondaries = new HashMap<>(2 * nodes.size());
      for (Instance i : cluster.instances()) {
        byName.putIfAbsent(i.name(), i);
        primaries.computeIfAbsent(i.primary(), k -> new ArrayList<>()).add(i);
        if (i.hasSecondary()) {
          secondaries.computeIfAbsent(i.secondary(), k -> new ArrayList<>()).add(i);
        }
      }
      b = new ByNode(byName, primaries, secondaries);
      byNode = b;
    }
    return b;
  }
}
