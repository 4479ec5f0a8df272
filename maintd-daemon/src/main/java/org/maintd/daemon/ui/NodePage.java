package org.maintd.daemon.ui;

import java.util.List;
import java.util.Optional;
import org.maintd.daemon.http.ListReads;
import org.maintd.daemon.http.Page;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.http.HttpError;
import org.maintd.protocol.api.NodeView;

/**
 * One page of the node table, cut from the view's nodes as {@code /1/nodes} cuts its pages ({@link
 * ListReads}): the nodes shown (at most {@link NodeFilter#PAGE}), how many the cluster has, the
 * query of the next page (none on the last), the groups to filter by, and why the filter could not
 * be applied, in the API's words (a mode that is none, a page that begins after a node no longer
 * there; empty when it could). Immutable.
 */
public record NodePage(
    NodeFilter filter,
    List<NodeView> rows,
    int total,
    Optional<String> next,
    List<String> groups,
    Optional<String> problem) {
  public NodePage {
    rows = List.copyOf(rows);
    groups = List.copyOf(groups);
  }

  /** The page of {@code v}'s nodes that {@code filter} asks for. */
  public static NodePage of(ListReads lists, DaemonView v, NodeFilter filter) {
    int total = v.cluster() == null ? 0 : v.cluster().nodes().size();
    List<String> groups =
        v.cluster() == null
            ? List.of()
            : v.cluster().groups().stream().map(g -> g.name()).sorted().toList();
    try {
      Page<NodeView> page = lists.nodes(v, filter.query());
      return new NodePage(
          filter,
          page.items(),
          total,
          page.next().map(filter::nextQuery),
          groups,
          Optional.empty());
    } catch (HttpError refused) {
      // shown in the table's place, with a link to the first page
      return new NodePage(
          filter, List.of(), total, Optional.empty(), groups, Optional.of(refused.getMessage()));
    }
  }
}
