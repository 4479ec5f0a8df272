package org.maintd.cli.command;

import java.util.List;
import java.util.Map;
import org.maintd.cli.output.Table;
import picocli.CommandLine.Command;

/**
 * {@code maintctl status}: the incidents, as {@code GET /1/status} lists them, under a line saying
 * why automatic actions are paused when they are.
 */
@Command(name = "status", description = "List incidents.")
public final class StatusCommand extends ApiCommand.TopLevel {
  @Override
  public void run() {
    List<Map<String, Object>> incidents = list(client().get("/1/status"));
    if (root().json()) {
      printJson(incidents);
      return;
    }
    Map<String, Object> paused = map(client().get("/1/paused"));
    if (Boolean.TRUE.equals(paused.get("paused"))) {
      System.out.println("PAUSED: " + paused.get("reason"));
    }
    if (incidents.isEmpty()) {
      System.out.println("no incidents");
      return;
    }
    Table t = new Table("UUID", "NODE", "ACTION", "STATUS", "JOBS", "NEXT");
    for (Map<String, Object> i : incidents) {
      t.row(i.get("uuid"), i.get("node"), i.get("action"), i.get("repair-status"),
          String.join(",", (List<String>) i.get("jobs")), i.get("next"));
    }
    System.out.print(t.render());
  }
}
