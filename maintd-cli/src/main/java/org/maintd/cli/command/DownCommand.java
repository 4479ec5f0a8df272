package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.api.MachineId;
import org.maintd.protocol.api.TakenDownView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maintctl down MACHINE... [--force]}: takes scheduled machines out of service. */
@Command(
    name = "down",
    description = {
      "Take scheduled machines DOWN (their nodes offline), through a job each.",
      "A machine must be in DRAIN with no instance left; --force takes it down from UP or with its"
          + " instances, within the safety caps."
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
      description = "Take the machines down even if not drained or instances are left on them.")
  boolean force;

  @Override
  public void run() {
    List<MachineId> body = nodes.stream().map(n -> new MachineId(n, null)).toList();
    print(
        client().post("/1/machines/down" + (force ? "?force=1" : ""), body, TAKEN_DOWN),
        DownCommand::text);
  }

  private static String text(List<TakenDownView> done) {
    StringBuilder b = new StringBuilder();
    for (TakenDownView m : done) {
      b.append(m.hostname())
          .append(": DOWN through job ")
          .append(m.job())
          .append(" (offline)")
          .append(System.lineSeparator());
    }
    return b.toString();
  }
}
