package org.maintd.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * An immutable snapshot of a cluster. Lists keep the order in which they were read, which is the
 * order the htools tools index them in; nodes and instances are found and changed by name without
 * searching them ({@code NamedList}). {@code policies} holds the htools instance-policy lines as
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
    nodes = NamedList.of(nodes, Node::name);
    instances = NamedList.of(instances, Instance::name);
    tags = List.copyOf(tags);
    policies = List.copyOf(policies);
  }

  public Optional<Node> node(String nodeName) {
    return ((NamedList<Node>) nodes).first(nodeName);
  }

  public Optional<Instance> instance(String instanceName) {
    return ((NamedList<Instance>) instances).first(instanceName);
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
    return new Cluster(
        name,
        groups,
        ((NamedList<Node>) nodes).changed(nodeName, change),
        instances,
        tags,
        policies);
  }

  public Cluster withInstance(String instanceName, UnaryOperator<Instance> change) {
    return new Cluster(
        name,
        groups,
        nodes,
        ((NamedList<Instance>) instances).changed(instanceName, change),
        tags,
        policies);
  }

  public Cluster withTags(List<String> newTags) {
    return new Cluster(name, groups, nodes, instances, newTags, policies);
  }

  public Cluster withGroup(String groupName, UnaryOperator<Group> change) {
    List<Group> changed =
        groups.stream().map(g -> g.name().equals(groupName) ? change.apply(g) : g).toList();
    return new Cluster(name, changed, nodes, instances, tags, policies);
  }

  /** The tags of {@code object}, or empty when there is no such object. */
  public Optional<List<String>> tagsOf(TaggedObject object) {
    return switch (object.kind()) {
      case CLUSTER -> Optional.of(tags);
      case GROUP ->
          groups.stream().filter(g -> g.name().equals(object.name())).findFirst().map(Group::tags);
      case NODE -> node(object.name()).map(Node::tags);
      case INSTANCE -> instance(object.name()).map(Instance::tags);
    };
  }

  /**
   * This snapshot with the tags of {@code object} changed as the cluster manager changes them:
   * {@code remove} taken away (those not there are ignored), then {@code add} appended (those
   * already there stay once).
   */
  public Cluster withTagsChanged(TaggedObject object, List<String> add, List<String> remove) {
    return withTagsOf(
        object,
        tags -> {
          List<String> out = new ArrayList<>(tags);
          out.removeAll(remove);
          add.stream().filter(t -> !out.contains(t)).forEach(out::add);
          return out;
        });
  }

  /** This snapshot with {@code change} applied to the tags of {@code object}. */
  public Cluster withTagsOf(TaggedObject object, UnaryOperator<List<String>> change) {
    return switch (object.kind()) {
      case CLUSTER -> withTags(change.apply(tags));
      case GROUP -> withGroup(object.name(), g -> g.withTags(change.apply(g.tags())));
      case NODE ->
          withNode(
              object.name(),
              n ->
                  new Node(
                      n.name(),
                      n.uuid(),
                      n.group(),
                      n.flags(),
                      n.resources(),
                      change.apply(n.tags())));
      case INSTANCE -> withInstance(object.name(), i -> i.withTags(change.apply(i.tags())));
    };
  }
}
