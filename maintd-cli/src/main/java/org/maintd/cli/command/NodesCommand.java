package org.maintd.cli.command;

import java.util.List;
import java.util.Map;
import org.maintd.cli.output.Table;
import picocli.CommandLine.Command;

/** {@code maintctl nodes}: nodes, their flags, instances and collector health. */
@Command(name = "nodes", description = "List nodes with their mode, instances and collector health.")
public final class NodesCommand extends ApiCommand.TopLevel {
  @Override
  public void run() {
    List<Map<String, Object>> nodes = list(client().get("/1/nodes"));
    if (root().json()) {
      printJson(nodes);
      return;
    }
    Table t = new Table("NODE", "GROUP", "MODE", "ROLE", "PRIMARY", "SECONDARY", "COLLECTOR", "TAGS");
    for (Map<String, Object> n : nodes) {
      Map<String, Object> collector = map(n.get("collector"));
      t.row(n.get("name"), n.get("group"), n.get("mode"), Boolean.TRUE.equals(n.get("master")) ? "master" : "",
          ((List<?>) n.get("primary_instances")).size(), ((List<?>) n.get("secondary_instances")).size(),
          collector.get("health"), String.join(",", (List<String>) n.get("tags")));
    }
    System.out.print(t.render());
  }
}
