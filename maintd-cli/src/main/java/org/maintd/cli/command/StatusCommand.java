package org.maintd.cli.command;

import java.util.List;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.PausedView;
import picocli.CommandLine.Command;

/**
 * {@code maintctl status}: the incidents, as {@code GET /1/status} lists them, under a line saying
 * why automatic actions are paused when they are.
 */
@Command(name = "status", description = "List incidents.")
public final class StatusCommand extends ApiCommand.TopLevel {
  @Override
  public void run() {
    List<IncidentView> incidents = client().get("/1/status", INCIDENTS);
    if (root().json()) {
      printJson(incidents);
      return;
    }
    PausedView paused = client().get("/1/paused", PausedView.class);
    if (paused.paused()) {
      System.out.println("PAUSED: " + paused.reason());
    }
    if (incidents.isEmpty()) {
      System.out.println("no incidents");
      return;
    }
    Table t = new Table("UUID", "NODE", "ACTION", "STATUS", "JOBS", "NEXT");
    for (IncidentView i : incidents) {
      t.row(i.uuid(), i.node(), i.action(), i.repairStatus(), String.join(",", i.jobs()), i.next());
    }
    System.out.print(t.render());
  }
}
