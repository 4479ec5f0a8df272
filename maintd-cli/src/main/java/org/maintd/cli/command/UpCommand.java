package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.api.BroughtUpView;
import org.maintd.protocol.api.MachineId;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maintctl up NODE... [--force]}: puts nodes that maintd took out of service back. */
@Command(
    name = "up",
    description = {
      "Put nodes that maintd drained or took offline back in service (online, undrained), through a job.",
      "Refused while a node's incident is active or unacknowledged, or while it does not report Ok; --force overrides"
          + " (and cancels its active incidents)."
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

  @Override
  public void run() {
    List<MachineId> body = nodes.stream().map(n -> new MachineId(n, null)).toList();
    print(
        client().post("/1/machines/up" + (force ? "?force=1" : ""), body, BROUGHT_UP),
        UpCommand::text);
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
