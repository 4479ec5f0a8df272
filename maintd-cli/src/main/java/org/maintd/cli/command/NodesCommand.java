package org.maintd.cli.command;

import java.util.List;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.NodeView;
import picocli.CommandLine.Command;

/** {@code maintctl nodes}: nodes, their flags, instances and collector health. */
@Command(
    name = "nodes",
    description = "List nodes with their mode, instances and collector health.")
public final class NodesCommand extends ApiCommand.TopLevel {
  @Override
  public void run() {
    print(client().get("/1/nodes", NODES), NodesCommand::table);
  }

  private static String table(List<NodeView> nodes) {
    Table t =
        new Table("NODE", "GROUP", "MODE", "ROLE", "PRIMARY", "SECONDARY", "COLLECTOR", "TAGS");
    for (NodeView n : nodes) {
      t.row(
          n.name(),
          n.group(),
          n.mode(),
          n.master() ? "master" : "",
          n.primary_instances().size(),
          n.secondary_instances().size(),
          n.collector().health(),
          String.join(",", n.tags()));
    }
    return t.render();
  }
}
