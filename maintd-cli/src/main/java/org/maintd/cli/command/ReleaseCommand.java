package org.maintd.cli.command;

import org.maintd.protocol.api.RebootView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code maintctl release NODE KEY}: releases a key holding a node off. */
@Command(
    name = "release",
    description = {
      "Release KEY on NODE: once no key holds it, the node is powered on and put back in service."
    })
public final class ReleaseCommand extends ApiCommand.TopLevel {
  @Parameters(index = "0", paramLabel = "NODE", description = "The held node.")
  String node;

  @Parameters(index = "1", paramLabel = "KEY", description = "The key to release.")
  String key;

  @Override
  public void run() {
    RebootView r = client().delete("/1/nodes/" + node + "/reboot/" + key, RebootView.class);
    printLine(r, "released " + key + " on " + node + " (request " + r.id() + ")");
  }
}
