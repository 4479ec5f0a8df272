package org.maintd.cli.command;

import java.time.Duration;
import java.util.Map;
import org.maintd.protocol.api.IncidentView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code maintctl cancel UUID|NODE [--wait]}: no new job for the incident; running jobs finish. */
@Command(
    name = "cancel",
    description = {
      "Cancel an incident: no new jobs are submitted for it; jobs already running finish.",
      "With --wait, wait until none of its jobs runs any more. -o json: the incident, as"
          + " /1/incidents/UUID shows it."
    })
public final class CancelCommand extends ApiCommand.TopLevel {
  @Parameters(
      paramLabel = "UUID|NODE",
      description =
          "The incident's uuid, or its node's name (the node's noted or pending incident).")
  String ref;

  @Mixin WaitOptions waiting = WaitOptions.onRequest(Duration.ofHours(1));

  @Override
  public void run() {
    String uuid = IncidentRef.resolve(client(), ref, "noted or pending", IncidentRef::active);
    IncidentView i =
        client().post("/1/incidents/" + uuid + "/cancel", Map.of(), IncidentView.class);
    if (waiting.waits()) {
      i = await(waiting, new CancelWait(client(), uuid));
    }
    printLine(i, "incident " + i.uuid() + " on " + i.node() + " is now " + i.repairStatus());
  }
}
