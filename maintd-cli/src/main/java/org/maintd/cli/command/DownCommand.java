package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.protocol.api.MachineId;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.api.TakenDownView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maintctl down MACHINE... [--force] [--no-wait] [--timeout D]}: takes scheduled machines
 * out of service and, unless told not to, waits until each is DOWN.
 */
@Command(
    name = "down",
    description = {
      "Take scheduled machines DOWN (their nodes offline) and wait until they are.",
      "Each goes DOWN through a job of its own; a progress line follows them, and maintctl exits 1"
          + " with the job's message if one fails.",
      "A machine must be in DRAIN with no instance left; --force takes it down from UP or with its"
          + " instances: they move first (declines overridden, within the safety caps), then its"
          + " node goes offline.",
      "With -o json: the nodes as /1/nodes shows them once DOWN; with --no-wait, what maintd"
          + " accepted (POST /1/machines/down's answer)."
    })
public final class DownCommand extends ApiCommand.TopLevel {
  private static final TypeReference<List<TakenDownView>> TAKEN_DOWN = new TypeReference<>() {};

  @Parameters(
      paramLabel = "MACHINE",
      arity = "1..*",
      description = "Node names (case does not matter).")
  List<String> nodes = new ArrayList<>();

  @Option(
      names = "--force",
      description =
          "Take the machines down even if not drained or instances are left on them (they move"
              + " first).")
  boolean force;

  @Mixin WaitOptions waiting = WaitOptions.byDefault(Duration.ofHours(1));

  @Override
  public void run() {
    List<MachineId> body = nodes.stream().map(n -> new MachineId(n, null)).toList();
    List<TakenDownView> accepted =
        client().post("/1/machines/down" + (force ? "?force=1" : ""), body, TAKEN_DOWN);
    if (!waiting.waits()) {
      print(accepted, DownCommand::text);
      return;
    }
    Map<String, String> lines = new LinkedHashMap<>();
    for (TakenDownView m : accepted) {
      lines.put(
          m.hostname(), m.job() == null ? m.outcome() : "DOWN once job " + m.job() + " has run");
    }
    double since = accepted.stream().mapToDouble(m -> m.at() == null ? 0 : m.at()).min().orElse(0);
    List<NodeView> down =
        await(
            waiting,
            new MachineWait(
                client(),
                lines,
                n -> n.offline() && "DOWN".equals(n.mode()),
                "DOWN (offline)",
                since));
    print(down, v -> done(accepted));
  }

  private static String text(List<TakenDownView> accepted) {
    StringBuilder b = new StringBuilder();
    accepted.forEach(
        m ->
            b.append(m.hostname()).append(": ").append(m.outcome()).append(System.lineSeparator()));
    return b.toString();
  }

  private static String done(List<TakenDownView> accepted) {
    StringBuilder b = new StringBuilder();
    for (TakenDownView m : accepted) {
      b.append(
              m.hostname()
                  + (m.job() == null
                      ? ": DOWN (offline)"
                      : ": DOWN through job " + m.job() + " (offline)"))
          .append(System.lineSeparator());
    }
    return b.toString();
  }
}
