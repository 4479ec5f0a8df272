package org.maintd.daemon.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.maintd.protocol.api.NodeView;

/**
 * One page of the node table: the nodes shown (at most {@link NodeFilter#PAGE}, by name), how many
 * the cluster has and how many pass the filter, the query of the next page (none on the last), the
 * groups to filter by, and why the filter could not be applied (empty when it could). Immutable.
 */
public record NodePage(
    NodeFilter filter,
    List<NodeView> rows,
    int total,
    int matched,
    Optional<String> next,
    List<String> groups,
    Optional<String> problem) {
  public NodePage {
    rows = List.copyOf(rows);
    groups = List.copyOf(groups);
  }

  /** The page of {@code nodes} (sorted by name) that {@code filter} asks for. */
  public static NodePage of(List<NodeView> nodes, NodeFilter filter) {
    TreeSet<String> groups = new TreeSet<>();
    nodes.forEach(n -> groups.add(n.group()));
    if (filter.problem().isPresent()) {
      return new NodePage(
          filter,
          List.of(),
          nodes.size(),
          0,
          Optional.empty(),
          List.copyOf(groups),
          filter.problem());
    }
    List<NodeView> rows = new ArrayList<>();
    int matched = 0;
    boolean more = false;
    for (NodeView n : nodes) {
      if (!filter.matches(n)) {
        continue;
      }
      matched++;
      if (!filter.after().isEmpty() && n.name().compareTo(filter.after()) <= 0) {
        continue;
      }
      if (rows.size() < NodeFilter.PAGE) {
        rows.add(n);
      } else {
        more = true;
      }
    }
    Optional<String> next =
        more ? Optional.of(filter.nextQuery(rows.get(rows.size() - 1).name())) : Optional.empty();
    return new NodePage(
        filter, rows, nodes.size(), matched, next, List.copyOf(groups), Optional.empty());
  }
}
