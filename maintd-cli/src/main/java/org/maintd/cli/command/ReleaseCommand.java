package org.maintd.cli.command;

import java.time.Duration;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.RebootView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl release NODE KEY [--wait]}: releases a key holding a node off; the key travels as
 * one segment of the URL, percent-encoded, whatever it holds.
 */
@Command(
    name = "release",
    description = {
      "Release KEY on NODE: once no key holds it, the node is powered on and put back in service.",
      "With --wait, follow its request with a progress line until it is done (the node back), or"
          + " at once when other keys still hold the node; exit 1 with its reason if it failed."
    })
public final class ReleaseCommand extends ApiCommand.TopLevel {
  @Parameters(index = "0", paramLabel = "NODE", description = "The held node.")
  String node;

  @Parameters(index = "1", paramLabel = "KEY", description = "The key to release.")
  String key;

  @Mixin WaitOptions waiting = WaitOptions.onRequest(Duration.ofHours(1));

  @Override
  public void run() {
    String reboot = "/1/nodes/" + segment("NODE", node) + "/reboot";
    String path =
        reboot
            + "/"
            + segment(
                "KEY",
                key,
                "; no key begins with '.' (a request held by such a key from an older maintd is"
                    + " ended with maintctl cancel-reboot NODE ID)");
    RebootView r = client().delete(path, RebootView.class);
    String released = "released " + key + " on " + r.node() + " (request " + r.id() + ")";
    if (!waiting.waits()) {
      printLine(r, released);
      return;
    }
    System.err.println(released);
    Look.Ended<RebootView> end =
        awaitEnd(
            waiting, new RebootWait(client(), reboot, r.id(), RebootWait.Until.HELD_BY_OTHERS));
    printLine(end.value(), RebootCommand.line(end.value()));
    end.orThrow();
  }
}
