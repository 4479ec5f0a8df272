package org.maintd.cluster;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * An immutable snapshot of a cluster. Lists keep the order in which they were read, which is the
 * order the htools tools index them in. {@code policies} holds the htools instance-policy lines as
 * they were read, so that a snapshot written back is accepted by the htools again.
 */
public record Cluster(
    String name,
    List<Group> groups,
    List<Node> nodes,
    List<Instance> instances,
    List<String> tags,
    List<String> policies) {

  public Cluster {
    groups = List.copyOf(groups);
    nodes = List.copyOf(nodes);
    instances = List.copyOf(instances);
    tags = List.copyOf(tags);
    policies = List.copyOf(policies);
  }

  public Optional<Node> node(String nodeName) {
    return nodes.stream().filter(n -> n.name().equals(nodeName)).findFirst();
  }

  public Optional<Instance> instance(String instanceName) {
    return instances.stream().filter(i -> i.name().equals(instanceName)).findFirst();
  }

  /** The master node, if exactly one node claims the role. */
  public Optional<Node> master() {
    List<Node> masters = nodes.stream().filter(Node::master).toList();
    return masters.size() == 1 ? Optional.of(masters.get(0)) : Optional.empty();
  }

  public List<Instance> primariesOf(String nodeName) {
    return instances.stream().filter(i -> i.primary().equals(nodeName)).toList();
  }

  public List<Instance> secondariesOf(String nodeName) {
    return instances.stream().filter(i -> i.secondary().equals(nodeName)).toList();
  }

  public Optional<Group> groupByUuid(String uuid) {
    return groups.stream().filter(g -> g.uuid().equals(uuid)).findFirst();
  }

  /** Nodes by name, in snapshot order. */
  public Map<String, Node> nodesByName() {
    Map<String, Node> map = new LinkedHashMap<>();
    nodes.forEach(n -> map.put(n.name(), n));
    return map;
  }

  public Cluster withNode(String nodeName, UnaryOperator<Node> change) {
    List<Node> changed =
        nodes.stream().map(n -> n.name().equals(nodeName) ? change.apply(n) : n).toList();
    return new Cluster(name, groups, changed, instances, tags, policies);
  }

  public Cluster withInstance(String instanceName, UnaryOperator<Instance> change) {
    List<Instance> changed =
        instances.stream()
            .map(i -> i.name().equals(instanceName) ? change.apply(i) : i)
            .toList();
    return new Cluster(name, groups, nodes, changed, tags, policies);
  }
}
