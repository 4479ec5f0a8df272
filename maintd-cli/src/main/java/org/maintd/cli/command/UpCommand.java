package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.protocol.api.BroughtUpView;
import org.maintd.protocol.api.MachineId;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl up NODE... [--force] [--no-wait]}: puts nodes that maintd took out of service
 * back and, unless told not to, waits until their jobs have.
 */
@Command(
    name = "up",
    description = {
      "Put nodes that maintd drained or took offline back in service (online, undrained), through a"
          + " job, and wait until they are; exit 1 with the job's message if one fails.",
      "A machine DOWN for maintenance leaves the schedule; one UP there keeps its window. Refused"
          + " for a machine draining for its window (drop it: maintctl schedule remove), while a"
          + " node's incident is active or unacknowledged, or while it does not report Ok; --force"
          + " overrides the last two (and cancels its active incidents)."
    })
public final class UpCommand extends ApiCommand.TopLevel {
  private static final TypeReference<List<BroughtUpView>> BROUGHT_UP = new TypeReference<>() {};

  @Parameters(
      paramLabel = "NODE",
      arity = "1..*",
      description = "Node names (case does not matter).")
  List<String> nodes = new ArrayList<>();

  @Option(
      names = "--force",
      description =
          "Put the nodes back even if maintd did not take them out, an incident is active"
              + " or unacknowledged, or they do not report Ok.")
  boolean force;

  @Option(
      names = "--wait",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Wait until every node is back in service (the default); --no-wait returns once"
              + " accepted.")
  boolean wait;

  @Override
  public void run() {
    List<MachineId> body = nodes.stream().map(n -> new MachineId(n, null)).toList();
    List<BroughtUpView> accepted =
        client().post("/1/machines/up" + (force ? "?force=1" : ""), body, BROUGHT_UP);
    if (wait) {
      Map<String, String> waiting = new LinkedHashMap<>();
      accepted.forEach(m -> waiting.put(m.hostname(), "back once job " + m.job() + " has run"));
      new MachineWait(client())
          .until(waiting, n -> !n.offline() && !n.drained(), Double.POSITIVE_INFINITY);
    }
    print(accepted, UpCommand::text);
  }

  private static String text(List<BroughtUpView> done) {
    StringBuilder b = new StringBuilder();
    for (BroughtUpView m : done) {
      b.append(
          m.hostname()
              + ": back in service through job "
              + m.job()
              + " (online, undrained)"
              + (m.canceled().isEmpty()
                  ? ""
                  : "; canceled incident(s) " + String.join(", ", m.canceled()))
              + "\n");
    }
    return b.toString();
  }
}
