package org.maintd.cli.command;

import java.io.Console;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.maintd.cli.client.ApiClient;
import org.maintd.maintenance.MachineId;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.api.PlanView;

/**
 * Follows the machines of a {@code down} or {@code up} until each is where the command sent it, as
 * {@code /1/nodes} shows it: polls every second, printing a line (to stderr) each time a machine's
 * progress changes (what the plan says of it next, or that its job has yet to run); a job of a
 * machine's own that fails ({@code /1/maintenance/status}' notices) ends the wait with {@link
 * Failed}. Not thread-safe.
 */
public final class MachineWait {
  private final ApiClient client;

  MachineWait(ApiClient client) {
    this.client = client;
  }

  /**
   * Waits until {@code arrived} holds of every node of {@code waiting} (node name to the line shown
   * while nothing else is known of its progress); the plan's word on a machine is shown once it was
   * planned {@code since} (seconds, the daemon's clock) or later.
   */
  void until(Map<String, String> waiting, Predicate<NodeView> arrived, double since) {
    Map<String, String> shown = new LinkedHashMap<>();
    Console console = System.console();
    List<String> left = new ArrayList<>(waiting.keySet());
    while (!left.isEmpty()) {
      failure(left);
      left.removeIf(n -> node(n).filter(arrived).isPresent());
      for (String node : left) {
        String line = node + ": " + progress(node, since).orElse(waiting.get(node));
        if (!line.equals(shown.get(node))) {
          System.err.print(console != null ? "\r\033[K" + line : line + System.lineSeparator());
          shown.put(node, line);
        }
      }
      if (left.isEmpty()) {
        break;
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new Failed("interrupted while waiting for " + String.join(", ", left));
      }
    }
    if (console != null && !shown.isEmpty()) {
      System.err.println();
    }
  }

  /** The node named {@code name} as {@code /1/nodes} shows it: read alone, not the whole list. */
  private Optional<NodeView> node(String name) {
    List<NodeView> found =
        client.get(
            "/1/nodes?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8), ApiCommand.NODES);
    return found.stream().filter(v -> v.name().equals(name)).findFirst();
  }

  /** A job of one of {@code nodes}' machines that failed ends the wait, with its message. */
  private void failure(List<String> nodes) {
    MaintenanceStatusView status = client.get("/1/maintenance/status", MaintenanceStatusView.class);
    status.notices().stream()
        .filter(n -> n.kind().equals("job-failed") && nodes.contains(n.node()))
        .findFirst()
        .ifPresent(
            n -> {
              throw new Failed(n.node() + ": " + n.message());
            });
  }

  /** What the plan made {@code since} or later says the node's machine does next, if anything. */
  private java.util.Optional<String> progress(String node, double since) {
    PlanView plan = client.get("/1/plan", PlanView.class);
    if (plan.time() == null || plan.time() < since) {
      return java.util.Optional.empty();
    }
    return plan.items().stream()
        .filter(i -> "machine".equals(i.kind()) && MachineId.of(i.uuid()).names(node))
        .map(PlanView.Item::next)
        .filter(t -> t != null && !t.isEmpty())
        .findFirst();
  }

  /** A machine's job failed while it was followed: maintctl exits with 1, saying why. */
  public static final class Failed extends RuntimeException {
    public Failed(String message) {
      super(message);
    }
  }
}
