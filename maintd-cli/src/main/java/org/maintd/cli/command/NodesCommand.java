package org.maintd.cli.command;

import java.util.List;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.NodeView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code maintctl nodes}: nodes, their flags, instances and collector health. */
@Command(
    name = "nodes",
    description =
        "List nodes with their mode, instances and collector health; filtered by group, mode or"
            + " name and cut into pages on request.")
public final class NodesCommand extends ApiCommand.TopLevel {
  @Mixin NodeFilters filters = new NodeFilters();

  @Override
  public void run() {
    ApiClient.Paged<List<NodeView>> page = client().getPage(filters.path(), NODES);
    print(page.body(), NodesCommand::table);
    page.after()
        .ifPresent(a -> System.err.println("more nodes follow: the next page with --after " + a));
  }

  /** The nodes; with a REBOOT column when a reboot request is under way on one of them. */
  private static String table(List<NodeView> nodes) {
    boolean reboots = nodes.stream().anyMatch(n -> !reboot(n).isEmpty());
    List<String> header =
        new java.util.ArrayList<>(
            List.of("NODE", "GROUP", "MODE", "ROLE", "PRIMARY", "SECONDARY", "COLLECTOR"));
    if (reboots) {
      header.add("REBOOT");
    }
    header.add("TAGS");
    Table t = new Table(header.toArray(String[]::new));
    for (NodeView n : nodes) {
      List<Object> row =
          new java.util.ArrayList<>(
              List.of(
                  n.name(),
                  n.group(),
                  n.mode(),
                  n.master() ? "master" : "",
                  n.primary_instances().size(),
                  n.secondary_instances().size(),
                  n.collector().health()));
      if (reboots) {
        row.add(reboot(n).isEmpty() ? "-" : reboot(n));
      }
      row.add(String.join(",", n.tags()));
      t.row(row.toArray());
    }
    return t.render();
  }

  /**
   * {@code held:alpha,beta} once keys hold the node off, {@code waits:cap} while its cycle waits
   * (for the safety caps, here), else the phase of the cycle under way; empty without requests.
   */
  private static String reboot(NodeView n) {
    NodeView.Reboot r = n.reboot();
    if (r == null || (r.phase().equals("idle") && r.active() == 0)) {
      return "";
    }
    if (r.held()) {
      return "held:" + String.join(",", r.keys());
    }
    return r.waits() == null ? r.phase() : "waits:" + r.waits();
  }
}
