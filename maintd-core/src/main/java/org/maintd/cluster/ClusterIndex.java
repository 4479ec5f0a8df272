package org.maintd.cluster;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Nodes and groups of one snapshot by name and uuid, for planners that look them up per instance
 * ({@link Cluster#node} searches the list). Immutable once built.
 */
public final class ClusterIndex {
  private final Map<String, Node> nodes = new HashMap<>();
  private final Map<String, Group> groups = new HashMap<>();

  public ClusterIndex(Cluster cluster) {
    cluster.nodes().forEach(n -> nodes.put(n.name(), n));
    cluster.groups().forEach(g -> groups.put(g.uuid(), g));
  }

  public Optional<Node> node(String name) {
    return Optional.ofNullable(nodes.get(name));
  }

  public Optional<Group> group(String uuid) {
    return Optional.ofNullable(groups.get(uuid));
  }
}
