package org.maintd.plan;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The nodes and instances taken by the jobs planned so far in a round. Two jobs conflict when they
 * share a node or an instance, except that jobs of one owner may share the node they all act on (an
 * evacuation's source). Not thread-safe: one per planning pass.
 */
final class Claims {
  private final Map<String, String> nodeOwners = new HashMap<>();
  private final Set<String> instances = new HashSet<>();

  boolean nodeFree(String owner, String node) {
    String holder = nodeOwners.get(node);
    return holder == null || holder.equals(owner);
  }

  boolean nodesFree(String owner, Collection<String> nodes) {
    return nodes.stream().allMatch(n -> nodeFree(owner, n));
  }

  boolean instanceFree(String instance) {
    return !instances.contains(instance);
  }

  void claim(String owner, Collection<String> nodes, Collection<String> claimedInstances) {
    nodes.forEach(n -> nodeOwners.put(n, owner));
    instances.addAll(claimedInstances);
  }

  /** Nodes claimed by anyone, for callers that hand the remaining free set to the next planner. */
  Set<String> claimedNodes() {
    return Set.copyOf(nodeOwners.keySet());
  }

  /** Instances claimed by anyone. */
  Set<String> claimedInstances() {
    return Set.copyOf(instances);
  }
}
