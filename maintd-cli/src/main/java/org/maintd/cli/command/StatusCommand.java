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
    print(client().get("/1/status", INCIDENTS), this::text);
  }

  /** The pause, when automatic actions are paused (asked of the daemon), over the incidents. */
  private String text(List<IncidentView> incidents) {
    PausedView paused = client().get("/1/paused", PausedView.class);
    String pause = paused.paused() ? "PAUSED: " + paused.reason() + "\n" : "";
    if (incidents.isEmpty()) {
      return pause + "no incidents\n";
    }
    Table t = new Table("UUID", "NODE", "ACTION", "STATUS", "JOBS", "NEXT");
    for (IncidentView i : incidents) {
      t.row(
          i.uuid(),
          i.node(),
          i.action(),
          i.repairStatus(),
          String.join(",", i.allJobs()),
          i.next());
    }
    return pause + t.render();
  }
}
