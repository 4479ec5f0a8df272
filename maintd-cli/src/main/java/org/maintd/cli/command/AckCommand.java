package org.maintd.cli.command;

import java.util.Map;
import org.maintd.protocol.api.AckView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code maintctl ack UUID|NODE}: removes the incident's outcome tag from its node. */
@Command(
    name = "ack",
    description = "Acknowledge a completed or failed incident (removes its node tag).")
public final class AckCommand extends ApiCommand.TopLevel {
  @Parameters(
      paramLabel = "UUID|NODE",
      description =
          "The incident's uuid, or its node's name (the node's completed or failed incident).")
  String ref;

  @Override
  public void run() {
    String uuid =
        IncidentRef.resolve(
            client(),
            ref,
            "completed or failed, unacknowledged",
            i -> IncidentRef.finished(i) && !i.acknowledged());
    AckView r = client().post("/1/incidents/" + uuid + "/ack", Map.of(), AckView.class);
    printLine(r, "removed tag " + r.removed_tag() + " from " + r.node());
  }
}
