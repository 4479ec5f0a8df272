package org.maintd.campaign;

import java.util.ArrayList;
import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.cluster.Node;

/**
 * Which nodes a campaign reboots: by name, by node group (name or uuid), by tag (a node with any of
 * them), or all nodes when nothing is given. The criteria given all apply. Offline nodes are left
 * out, as hroller leaves them out.
 */
public record NodeSelection(List<String> nodes, String group, List<String> tags) {
  public NodeSelection {
    nodes = List.copyOf(nodes);
    group = group == null ? "" : group;
    tags = List.copyOf(tags);
  }

  public static NodeSelection all() {
    return new NodeSelection(List.of(), "", List.of());
  }

  /** The selected online nodes, in the cluster's order; unknown names and groups are refused. */
  public List<String> resolve(Cluster cluster) {
    for (String name : nodes) {
      if (cluster.node(name).isEmpty()) {
        throw new CampaignException(
            CampaignException.Kind.BAD_REQUEST, "no node '" + name + "' in the cluster");
      }
    }
    String groupUuid =
        group.isEmpty()
            ? ""
            : cluster.groups().stream()
                .filter(g -> g.name().equals(group) || g.uuid().equals(group))
                .map(Group::uuid)
                .findFirst()
                .orElseThrow(
                    () ->
                        new CampaignException(
                            CampaignException.Kind.BAD_REQUEST,
                            "no node group '" + group + "' in the cluster"));
    List<String> selected = new ArrayList<>();
    for (Node n : cluster.nodes()) {
      boolean match =
          (nodes.isEmpty() || nodes.contains(n.name()))
              && (groupUuid.isEmpty() || n.group().equals(groupUuid))
              && (tags.isEmpty() || n.tags().stream().anyMatch(tags::contains));
      if (match && !n.offline()) {
        selected.add(n.name());
      }
    }
    if (selected.isEmpty()) {
      throw new CampaignException(
          CampaignException.Kind.BAD_REQUEST, "the selection " + this + " names no online node");
    }
    return selected;
  }

  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    if (!nodes.isEmpty()) {
      parts.add("nodes " + String.join(",", nodes));
    }
    if (!group.isEmpty()) {
      parts.add("group " + group);
    }
    if (!tags.isEmpty()) {
      parts.add("tags " + String.join(",", tags));
    }
    return parts.isEmpty() ? "all nodes" : String.join(", ", parts);
  }
}
