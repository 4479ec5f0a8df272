package org.maintd.daemon.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.eclipse.jetty.util.Fields;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.incident.IncidentStatus;
import org.maintd.machine.MachineMode;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.JobNumbers;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.api.RebootView;
import org.maintd.protocol.json.Json;
import org.maintd.reboot.RebootRequest;

/**
 * The lists the API reads ({@code /1/nodes}, {@code /1/status}, {@code /1/reboots}, {@code
 * /1/jobs}) as pages of one published view: each whole list made once per view, then filtered and
 * cut as the query asks. Without a query a list answers as it always has (Ganeti's tools read
 * {@code /1/status} and {@code /1/jobs}). Thread-safe.
 */
public final class ListReads {
  private final ViewMemo<NodeRows> nodes = new ViewMemo<>(NodeRows::of);
  private final ViewMemo<Map<String, String>> groups = new ViewMemo<>(v -> groupsOf(v.cluster()));

  /** A node as the list's filters see it: its name, group and mode; its view made when shown. */
  record NodeRow(Node node, String group, String mode) {}

  /** The nodes of one view as rows, with what their views are made of. */
  private record NodeRows(List<NodeRow> rows, Optional<NodeView.Sources> sources) {
    static NodeRows of(DaemonView v) {
      if (v.cluster() == null) {
        return new NodeRows(List.of(), Optional.empty());
      }
      NodeView.Sources sources =
          NodeView.Sources.of(v.cluster(), v.readings(), v.state(), v.plan());
      List<NodeRow> rows =
          v.cluster().nodes().stream()
              .map(n -> new NodeRow(n, sources.group(n), sources.mode(n)))
              .toList();
      return new NodeRows(rows, Optional.of(sources));
    }
  }

  /** Nodes: by name, group or mode; keyed by name; shown as {@link NodeView}s. */
  static final Listing<NodeRow> NODES =
      new Listing<>(
          "nodes",
          r -> r.node().name(),
          Map.of(
              "name", v -> named(v, r -> r.node().name()),
              "group", v -> r -> r.group().equalsIgnoreCase(v),
              "mode", ListReads::inMode),
          Listing.fieldsOf(NodeView.class));

  /**
   * A page of the nodes of {@code view}: only the nodes shown are made into views, from what the
   * view's nodes share, gathered once per view.
   */
  public Page<NodeView> nodes(DaemonView view, ListQuery query) {
    NodeRows all = nodes.of(view);
    Page<NodeRow> page = NODES.page(all.rows(), query);
    return new Page<>(
        page.items().stream().map(r -> all.sources().orElseThrow().view(r.node())).toList(),
        page.next());
  }

  ListAnswer nodes(DaemonView view, Fields query) {
    ListQuery q = ListQuery.of(query, NODES);
    return shown(nodes(view, q), q);
  }

  /** Incidents ({@code /1/status}): by their node's name or group, by repair status. */
  ListAnswer incidents(DaemonView view, List<IncidentView> all, Fields query) {
    return byNode(
            view,
            "incidents",
            IncidentView::uuid,
            IncidentView::node,
            "status",
            ListReads::inStatus)
        .answer(all, query, IncidentView.class);
  }

  /** Active reboot requests ({@code /1/reboots}): by node name or group, by key. */
  ListAnswer reboots(DaemonView view, Fields query) {
    List<RebootView> all =
        view.state().reboots().requests().stream()
            .filter(RebootRequest::active)
            .map(RebootView::of)
            .toList();
    Listing.Filter<RebootView> key = v -> r -> v.equals(r.key());
    return byNode(view, "reboot requests", RebootView::id, RebootView::node, "key", key)
        .answer(all, query, RebootView.class);
  }

  /** A list of things on nodes: by their node's name or group, and by one filter of its own. */
  private <T> Listed<T> byNode(
      DaemonView view,
      String what,
      Function<T, String> key,
      Function<T, String> node,
      String own,
      Listing.Filter<T> filter) {
    Map<String, String> groupOf = groups.of(view);
    return new Listed<>(
        what,
        key,
        Map.of(
            "name",
            v -> named(v, node),
            "group",
            v -> t -> v.equalsIgnoreCase(groupOf.get(node.apply(t))),
            own,
            filter));
  }

  /** A listing whose fields are those of its items' type, made once the type is known. */
  private record Listed<T>(
      String what, Function<T, String> key, Map<String, Listing.Filter<T>> filters) {
    ListAnswer answer(List<T> all, Fields query, Class<T> type) {
      Listing<T> listing = new Listing<>(what, key, filters, Listing.fieldsOf(type));
      ListQuery q = ListQuery.of(query, listing);
      return shown(listing.page(all, q), q);
    }
  }

  /** The Ganeti jobs the daemon waits for ({@code /1/jobs}): numbers, paged only. */
  ListAnswer jobs(DaemonView view, Fields query) {
    Listing<Long> listing = new Listing<>("jobs", String::valueOf, Map.of(), java.util.Set.of());
    ListQuery q = ListQuery.of(query, listing);
    return shown(listing.page(JobNumbers.of(view.jobs()), q), q);
  }

  /** The page's items, each with the fields the query asks for (all when it asks for none). */
  private static <T> ListAnswer shown(Page<T> page, ListQuery q) {
    if (q.fields().isEmpty()) {
      return new ListAnswer(page.items(), page.next());
    }
    List<ObjectNode> chosen =
        page.items().stream()
            .map(
                item -> {
                  ObjectNode whole = Json.MAPPER.valueToTree(item);
                  ObjectNode out = Json.MAPPER.createObjectNode();
                  q.fields().forEach(f -> out.set(f, whole.get(f)));
                  return out;
                })
            .toList();
    return new ListAnswer(chosen, page.next());
  }

  private static <T> Predicate<T> named(
      String pattern, java.util.function.Function<T, String> name) {
    NamePattern p = NamePattern.of(pattern);
    return t -> p.matches(name.apply(t));
  }

  private static Predicate<NodeRow> inMode(String value) {
    String mode;
    try {
      mode = MachineMode.valueOf(value.toUpperCase(Locale.ROOT)).name();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("a mode is UP, DRAIN or DOWN, not '" + value + "'", e);
    }
    return r -> r.mode().equals(mode);
  }

  private static Predicate<IncidentView> inStatus(String value) {
    String status = IncidentStatus.parse(value).wireName();
    return i -> i.repairStatus().equals(status);
  }

  /** Each node's group name by node name; none before the first snapshot of the cluster. */
  private static Map<String, String> groupsOf(Cluster cluster) {
    Map<String, String> out = new HashMap<>();
    if (cluster != null) {
      Map<String, String> names = new HashMap<>();
      cluster.groups().forEach(g -> names.put(g.uuid(), g.name()));
      cluster.nodes().forEach(n -> out.put(n.name(), names.getOrDefault(n.group(), n.group())));
    }
    return out;
  }
}
