package org.maintd.testing;

import java.util.ArrayList;
import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;

/** Small clusters for tests: nodes of one size, instances placed by hand. */
public final class ClusterBuilder {
  private final List<Group> groups = new ArrayList<>();
  private final List<Node> nodes = new ArrayList<>();
  private final List<Instance> instances = new ArrayList<>();

  public ClusterBuilder group(String uuid) {
    groups.add(new Group(uuid, uuid, "preferred", List.of(), List.of()));
    return this;
  }

  public ClusterBuilder node(
      String name, String group, long memFree, long diskFree, boolean master) {
    if (groups.stream().noneMatch(g -> g.uuid().equals(group))) {
      group(group);
    }
    Node.Resources r =
        new Node.Resources(
            memFree + 1024, 1024, memFree, diskFree * 2, diskFree, 8, 1, false, 0, 8, 1.0);
    nodes.add(
        new Node(name, "", group, new Node.Flags(master, master, false, false), r, List.of()));
    return this;
  }

  public ClusterBuilder instance(
      String name,
      String primary,
      String secondary,
      DiskTemplate t,
      long mem,
      InstanceStatus status) {
    instances.add(
        new Instance(
            name, "", mem, 1024, 1, status, true, primary, secondary, t, List.of(), 1, "-", false));
    return this;
  }

  public ClusterBuilder instance(String name, String primary, String secondary, DiskTemplate t) {
    return instance(name, primary, secondary, t, 1024, InstanceStatus.running);
  }

  public Cluster build() {
    return new Cluster("test", groups, nodes, instances, List.of(), List.of());
  }
}
