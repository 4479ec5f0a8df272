package org.maintd.cli.command;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.RebootView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl reboot NODE [--hard] [--key K] [--reason R] [--no-evacuate] [--force] [--wait]}:
 * asks maintd to reboot a node once, or with a key to power it off and hold it off until released.
 */
@Command(
    name = "reboot",
    description = {
      "Ask maintd to reboot a node: drained and emptied first (unless --no-evacuate), soft unless"
          + " --hard.",
      "Without --key the node is rebooted once; with --key it is powered off and held off until"
          + " every key holding it is released (maintctl release NODE KEY).",
      "With --wait, follow the request with a progress line until it is done (with --key: until"
          + " the node is held off), or exit 1 with its reason if it failed. -o json: the request,"
          + " as GET /1/nodes/NODE/reboot lists it."
    })
public final class RebootCommand extends ApiCommand.TopLevel {
  @Parameters(paramLabel = "NODE", description = "The node to reboot.")
  String node;

  @Option(names = "--hard", description = "Through the cluster's power control.")
  boolean hard;

  @Option(
      names = "--key",
      paramLabel = "KEY",
      description =
          "Hold the node off with this key: 1 to 64 letters, digits, '.', '_', '-', ':' or '@',"
              + " not beginning with '.'.")
  String key;

  @Option(names = "--reason", paramLabel = "TEXT", description = "Why, for its history.")
  String reason;

  @Option(names = "--no-evacuate", description = "Do not drain and empty the node first.")
  boolean noEvacuate;

  @Option(
      names = "--force",
      description = "Even if the node is in a campaign or has an active incident.")
  boolean force;

  @Mixin WaitOptions waiting = WaitOptions.onRequest(Duration.ofHours(1));

  @Override
  public void run() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("mode", hard ? "hard" : "soft");
    if (key != null) {
      body.put("key", key);
    }
    if (reason != null) {
      body.put("reason", reason);
    }
    body.put("evacuate", !noEvacuate);
    body.put("force", force);
    String path = "/1/nodes/" + segment("NODE", node) + "/reboot";
    RebootView r = client().post(path, body, RebootView.class);
    if (!waiting.waits()) {
      printLine(r, line(r));
      return;
    }
    System.err.println(line(r));
    RebootWait.Until until = key == null ? RebootWait.Until.DONE : RebootWait.Until.HELD;
    Look.Ended<RebootView> end = awaitEnd(waiting, new RebootWait(client(), path, r.id(), until));
    printLine(end.value(), line(end.value()));
    end.orThrow();
  }

  /** {@code reboot request ID of NODE: STATUS}. */
  static String line(RebootView r) {
    return "reboot request " + r.id() + " of " + r.node() + ": " + r.status();
  }
}
