package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.protocol.api.BroughtUpView;
import org.maintd.protocol.api.MachineId;
import org.maintd.protocol.api.NodeView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl up NODE... [--force] [--no-wait] [--timeout D]}: puts nodes that maintd took out
 * of service back and, unless told not to, waits until their jobs have.
 */
@Command(
    name = "up",
    description = {
      "Put nodes that maintd took out of service back and wait until they are.",
      "Each comes back (online, undrained) through a job; a progress line follows them, and"
          + " maintctl exits 1 with the job's message if one fails.",
      "A machine DOWN for maintenance leaves the schedule; one UP there keeps its window. Refused"
          + " for a machine draining for its window (drop it: maintctl schedule remove), while a"
          + " node's incident is active or unacknowledged, or while it does not report Ok; --force"
          + " overrides the last two (and cancels its active incidents).",
      "With -o json: the nodes as /1/nodes shows them once back; with --no-wait, what maintd"
          + " accepted (POST /1/machines/up's answer)."
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

  @Mixin WaitOptions waiting = WaitOptions.byDefault(Duration.ofHours(1));

  @Override
  public void run() {
    List<MachineId> body = nodes.stream().map(n -> new MachineId(n, null)).toList();
    List<BroughtUpView> accepted =
        client().post("/1/machines/up" + (force ? "?force=1" : ""), body, BROUGHT_UP);
    if (!waiting.waits()) {
      print(accepted, a -> text(a, "once job"));
      return;
    }
    Map<String, String> lines = new LinkedHashMap<>();
    accepted.forEach(m -> lines.put(m.hostname(), "back once job " + m.job() + " has run"));
    List<NodeView> back =
        await(
            waiting,
            new MachineWait(
                client(),
                lines,
                n -> !n.offline() && !n.drained(),
                "back in service",
                Double.POSITIVE_INFINITY));
    print(back, v -> text(accepted, "through job"));
  }

  /** What was accepted: back in service {@code how} ("through job", "once job") its job. */
  private static String text(List<BroughtUpView> done, String how) {
    StringBuilder b = new StringBuilder();
    for (BroughtUpView m : done) {
      b.append(
          m.hostname()
              + ": back in service "
              + how
              + " "
              + m.job()
              + (how.equals("once job") ? " has run" : "")
              + " (online, undrained)"
              + (m.canceled().isEmpty()
                  ? ""
                  : "; canceled incident(s) " + String.join(", ", m.canceled()))
              + "\n");
    }
    return b.toString();
  }
}
