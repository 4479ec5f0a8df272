package org.maintd.cli.command;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.wait.Look;
import org.maintd.maintenance.MachineId;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.api.PlanView;

/**
 * One look at the machines of a {@code down} or {@code up}, as the API shows them: each machine's
 * node ({@code /1/nodes?name=}) until it is where the command sent it, what the plan made since
 * says it does next (or, before, the line the command gives it), and a job of a machine's own that
 * failed ({@code /1/maintenance/status}' notices), which fails the whole with the job's message.
 * The first look always says what maintd accepted (the command's line), however fast a round
 * planned it: the plan's word follows from the second. The progress line names every machine:
 * {@code node5: DOWN once job 6 has run; node6: DOWN}. Not thread-safe.
 */
final class MachineWait implements Supplier<Look<List<NodeView>>> {
  private final ApiClient client;
  private final Map<String, String> waiting;
  private final Predicate<NodeView> arrived;
  private final String there;
  private final double since;
  private boolean looked;

  /**
   * Looks at the nodes of {@code waiting} (node name to the line shown while nothing else is known
   * of its progress) until {@code arrived} holds of each, then shown as {@code there}; the plan's
   * word on a machine is shown once it was planned {@code since} (seconds, the daemon's clock) or
   * later (never when {@code since} is infinite).
   */
  MachineWait(
      ApiClient client,
      Map<String, String> waiting,
      Predicate<NodeView> arrived,
      String there,
      double since) {
    this.client = client;
    this.waiting = new LinkedHashMap<>(waiting);
    this.arrived = arrived;
    this.there = there;
    this.since = since;
  }

  @Override
  public Look<List<NodeView>> get() {
    List<String> nodes = List.copyOf(waiting.keySet());
    Optional<MaintenanceStatusView.Notice> failed = failure(nodes);
    List<NodeView> views = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    boolean all = true;
    Optional<PlanView> plan = Optional.empty();
    boolean planned = looked && Double.isFinite(since);
    looked = true;
    for (String name : nodes) {
      Optional<NodeView> view = node(name);
      view.ifPresent(views::add);
      if (view.filter(arrived).isPresent()) {
        parts.add(name + ": " + there);
        continue;
      }
      all = false;
      if (plan.isEmpty() && planned) {
        plan = Optional.of(client.get("/1/plan", PlanView.class));
      }
      parts.add(name + ": " + plan.flatMap(p -> progress(p, name)).orElse(waiting.get(name)));
    }
    String line = String.join("; ", parts);
    if (failed.isPresent()) {
      MaintenanceStatusView.Notice n = failed.get();
      return Look.failed(views, line, n.node() + ": " + n.message());
    }
    return all ? Look.done(views, line) : Look.going(line);
  }

  /** The node named {@code name} as {@code /1/nodes} shows it: read alone, not the whole list. */
  private Optional<NodeView> node(String name) {
    List<NodeView> found =
        client.get(
            "/1/nodes?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8), ApiCommand.NODES);
    return found.stream().filter(v -> v.name().equals(name)).findFirst();
  }

  /** A job of one of {@code nodes}' machines that failed, with its message. */
  private Optional<MaintenanceStatusView.Notice> failure(List<String> nodes) {
    MaintenanceStatusView status = client.get("/1/maintenance/status", MaintenanceStatusView.class);
    return status.notices().stream()
        .filter(n -> n.kind().equals("job-failed") && nodes.contains(n.node()))
        .findFirst();
  }

  /** What the plan made {@code since} or later says the node's machine does next, if anything. */
  private Optional<String> progress(PlanView plan, String node) {
    if (plan.time() == null || plan.time() < since) {
      return Optional.empty();
    }
    return plan.items().stream()
        .filter(i -> "machine".equals(i.kind()) && MachineId.of(i.uuid()).names(node))
        .map(PlanView.Item::next)
        .filter(t -> t != null && !t.isEmpty())
        .findFirst();
  }
}
