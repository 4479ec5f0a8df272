package org.maintd.cli.command;

import org.maintd.protocol.api.IncidentEvent;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code maintctl show UUID|NODE}: one incident with its history. */
@Command(name = "show", description = "Show one incident and its history.")
public final class ShowCommand extends ApiCommand.TopLevel {
  @Parameters(
      paramLabel = "UUID|NODE",
      description = "The incident's uuid, or its node's name (the node's only incident).")
  String ref;

  @Override
  public void run() {
    String uuid = IncidentRef.resolve(client(), ref, "", i -> true);
    print(client().get("/1/incidents/" + uuid, IncidentView.class), ShowCommand::text);
  }

  private static String text(IncidentView i) {
    StringBuilder b =
        new StringBuilder(
            String.format(
                "incident  %s%nnode      %s%naction    %s%nstatus    %s%ntag       %s%njobs      %s%nnext      %s%noriginal  %s%nhistory:%n",
                i.uuid(),
                i.node(),
                i.action(),
                i.repairStatus(),
                i.tag(),
                String.join(", ", i.allJobs()),
                i.next(),
                Json.write(i.original())));
    for (IncidentEvent h : i.history()) {
      b.append(String.format("  %s  %-12s %s%n", Times.format(h.time()), h.event(), h.reason()));
    }
    return b.toString();
  }
}
