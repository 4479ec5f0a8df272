package org.maintd.cli.command;

import org.maintd.protocol.api.RebootView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl release NODE KEY}: releases a key holding a node off; the key travels as one
 * segment of the URL, percent-encoded, whatever it holds.
 */
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
    String path =
        "/1/nodes/"
            + segment("NODE", node)
            + "/reboot/"
            + segment(
                "KEY",
                key,
                "; no key begins with '.' (a request held by such a key from an older maintd is"
                    + " ended with maintctl cancel-reboot NODE ID)");
    RebootView r = client().delete(path, RebootView.class);
    printLine(r, "released " + key + " on " + r.node() + " (request " + r.id() + ")");
  }
}
