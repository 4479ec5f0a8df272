package org.maintd.cli.command;

import java.io.Console;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.protocol.api.RebootView;
import picocli.CommandLine.Command;
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
          + " every key holding it is released (maintctl release NODE KEY)."
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

  @Option(
      names = "--wait",
      description =
          "Follow the request until it is done (or held, with --key); exit 1 if it failed.")
  boolean wait;

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
    RebootView r = client().post(path(), body, RebootView.class);
    String accepted = "reboot request " + r.id() + " of " + r.node() + ": " + r.status();
    if (!wait) {
      printLine(r, accepted);
      return;
    }
    System.err.println(accepted);
    RebootView last = follow(r.id());
    printLine(last, "reboot request " + last.id() + " of " + last.node() + ": " + last.status());
    if (last.status().equals("failed")) {
      throw new RebootFailed(
          "reboot request "
              + last.id()
              + " failed: "
              + last.history().get(last.history().size() - 1).detail());
    }
  }

  /** The node's reboot resource, its name one segment of the path. */
  private String path() {
    return "/1/nodes/" + segment("NODE", node) + "/reboot";
  }

  /** Polls the node's requests every second, a line per change, until this one ends or is held. */
  private RebootView follow(String id) {
    Console console = System.console();
    String shown = "";
    while (true) {
      RebootView.NodeReboots n = client().get(path(), RebootView.NodeReboots.class);
      RebootView r = n.requests().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
      String line = r.status() + " (" + n.phase() + ", power " + n.power() + ")";
      if (!line.equals(shown)) {
        System.err.print(console != null ? "\r\033[K" + line : line + System.lineSeparator());
        shown = line;
      }
      if (r.status().equals("done") || r.status().equals("failed") || r.status().equals("held")) {
        if (console != null) {
          System.err.println();
        }
        return r;
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return r;
      }
    }
  }

  /** A followed request failed: maintctl exits with 1, saying why. */
  public static final class RebootFailed extends RuntimeException {
    public RebootFailed(String message) {
      super(message);
    }
  }
}
