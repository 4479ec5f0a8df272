package org.maintd.cli.command;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.NodeView;

/**
 * One look at what maintd has read of a node's collector since a change to the simulated node, as
 * {@code /1/nodes?name=} shows it: a reading made after the one seen before the change ({@code
 * collector.time} later). Done when it shows what was {@link Expected}: for a node powered on, any
 * answer of its collector (it is up); for a diagnose set, that status reported, or an incident
 * opened on the node since (maintd read it and acted at once), or a collector that does not answer
 * or whose report is refused (said so: it reports the status once it can). Not thread-safe.
 */
final class ReportWait implements Supplier<Look<NodeView>> {
  /** What the node's new reading should show. */
  sealed interface Expected {
    /** Any answer: the node is up. */
    record Answer() implements Expected {}

    /** The diagnose status set ({@code Ok}, {@code evacuate}, ...). */
    record Status(String status) implements Expected {}
  }

  private final ApiClient client;
  private final String node;
  private final Optional<NodeView> before;
  private final Expected expected;

  /** Looks at {@code node}, as {@code before} the change showed it (empty: not shown then). */
  ReportWait(ApiClient client, String node, Optional<NodeView> before, Expected expected) {
    this.client = client;
    this.node = node;
    this.before = before;
    this.expected = expected;
  }

  /** The node named {@code node} as {@code /1/nodes} shows it now. */
  static Optional<NodeView> read(ApiClient client, String node) {
    List<NodeView> found =
        client.get(
            "/1/nodes?name=" + URLEncoder.encode(node, StandardCharsets.UTF_8), ApiCommand.NODES);
    String wanted = node.toLowerCase(Locale.ROOT);
    return found.stream()
        .filter(
            v ->
                v.name().toLowerCase(Locale.ROOT).equals(wanted)
                    || v.name().toLowerCase(Locale.ROOT).startsWith(wanted + "."))
        .findFirst();
  }

  @Override
  public Look<NodeView> get() {
    Optional<NodeView> now = read(client, node);
    if (now.isEmpty()) {
      return Look.going(node + ": not among maintd's nodes yet");
    }
    NodeView n = now.get();
    NodeView.Collector c = n.collector();
    boolean fresh = c.time() != null && c.time() > before.map(ReportWait::time).orElse(-1.0);
    if (expected instanceof Expected.Answer) {
      return fresh && !c.health().equals("unreachable")
          ? Look.done(n, n.name() + ": up, its collector reports " + said(c))
          : Look.going(n.name() + ": powered on, its collector does not answer yet");
    }
    if (expected instanceof Expected.Status s) {
      return status(n, fresh, s.status());
    }
    throw new IllegalStateException("nothing expected of " + expected);
  }

  private Look<NodeView> status(NodeView n, boolean fresh, String status) {
    NodeView.Collector c = n.collector();
    boolean ok = c.health().equals("ok");
    if (fresh && ok && c.detail().equalsIgnoreCase(status)) {
      return Look.done(n, n.name() + ": maintd has read its report: " + c.detail());
    }
    List<String> opened =
        n.incidents().stream()
            .filter(i -> before.map(b -> !b.incidents().contains(i)).orElse(true))
            .toList();
    if (!opened.isEmpty()) {
      return Look.done(
          n, n.name() + ": maintd has read its report: incident " + String.join(", ", opened));
    }
    if (fresh && !ok) {
      return Look.done(
          n, n.name() + ": its collector " + said(c) + "; it reports " + status + " once it can");
    }
    return Look.going(
        n.name() + ": waiting for maintd to read its report (last read: " + said(c) + ")");
  }

  private static double time(NodeView v) {
    return v.collector().time() == null ? -1 : v.collector().time();
  }

  /** The collector's answer in a few words: {@code Ok}, {@code evacuate}, {@code unreachable}. */
  private static String said(NodeView.Collector c) {
    if (c.health().equals("ok")) {
      return c.detail();
    }
    return c.detail() == null || c.detail().isEmpty()
        ? c.health()
        : c.health() + " (" + c.detail() + ")";
  }
}
