package org.maintd.cli.command;

import java.time.Duration;
import java.util.Optional;
import org.maintd.cli.client.ApiClient;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.sim.SimDiagnose;
import org.maintd.protocol.sim.SimDiagnosed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl sim diagnose NODE STATUS [--command C] [--details JSON] [--no-wait]}: sets what a
 * simulated node's diagnose script prints, then waits until maintd has read it ({@link
 * ReportWait}).
 */
@Command(
    name = "diagnose",
    description = {
      "Set what NODE's diagnose script reports (Ok, live-repair, evacuate, evacuate-failover).",
      "It waits until maintd has read it at a poll, so that the next command sees it (an incident"
          + " opened, or Ok for maintctl up).",
      "-o json: the node as /1/nodes shows it then; with --no-wait, what the script will print."
    })
final class SimDiagnoseCommand extends CommandGroup.Member {
  @Parameters(index = "0", paramLabel = "NODE", description = "The simulated node.")
  String node;

  @Parameters(
      index = "1",
      paramLabel = "STATUS",
      description = "What its script reports: Ok, live-repair, evacuate or evacuate-failover.")
  String status;

  @Option(names = "--command", description = "Repair command for live-repair.")
  String command;

  @Option(names = "--details", description = "JSON value for the 'details' field.")
  String details;

  @Mixin WaitOptions waiting = WaitOptions.byDefault(Duration.ofMinutes(2));

  @Override
  public void run() {
    SimDiagnose body =
        new SimDiagnose(
            node, status, command, details == null ? null : ApiClient.parseJson(details));
    Optional<NodeView> before =
        waiting.waits() ? ReportWait.read(client(), node) : Optional.empty();
    SimDiagnosed r = client().post("/1/sim/diagnose", body, SimDiagnosed.class);
    String line = node + " will report " + Json.write(r.diagnose());
    if (!waiting.waits()) {
      printLine(r, line);
      return;
    }
    NodeView read =
        await(
            waiting,
            new ReportWait(client(), node, before, new ReportWait.Expected.Status(status)));
    printLine(read, line);
  }
}
