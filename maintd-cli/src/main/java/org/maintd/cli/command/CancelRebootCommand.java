package org.maintd.cli.command;

import org.maintd.protocol.api.RebootView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code maintctl cancel-reboot NODE ID}: cancels a reboot request (it fails, saying by whom). */
@Command(
    name = "cancel-reboot",
    description = {
      "Cancel the reboot request ID of NODE: it fails; a node not yet taken down is put back."
    })
public final class CancelRebootCommand extends ApiCommand.TopLevel {
  @Parameters(index = "0", paramLabel = "NODE", description = "The node.")
  String node;

  @Parameters(index = "1", paramLabel = "ID", description = "The request's id (maintctl reboots).")
  String id;

  @Override
  public void run() {
    RebootView r =
        client()
            .post(
                "/1/nodes/" + segment("NODE", node) + "/reboot/" + segment("ID", id) + "/cancel",
                java.util.Map.of(),
                RebootView.class);
    printLine(r, "reboot request " + r.id() + " of " + r.node() + ": " + r.status());
  }
}
