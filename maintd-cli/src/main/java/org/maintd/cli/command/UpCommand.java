package org.maintd.cli.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maintctl up NODE... [--force]}: puts nodes that maintd took out of service back. */
@Command(name = "up", description = {
    "Put nodes that maintd drained or took offline back in service (online, undrained), through a job.",
    "Refused while a node's incident is active or unacknowledged, or while it does not report Ok; --force overrides"
        + " (and cancels its active incidents)."})
public final class UpCommand extends ApiCommand.TopLevel {
  @Parameters(paramLabel = "NODE", arity = "1..*", description = "Node names (case does not matter).")
  List<String> nodes = new ArrayList<>();

  @Option(names = "--force", description = "Put the nodes back even if maintd did not take them out, an incident is active"
      + " or unacknowledged, or they do not report Ok.")
  boolean force;

  @Override
  public void run() {
    List<Map<String, String>> body = nodes.stream().map(n -> Map.of("hostname", n)).toList();
    List<Map<String, Object>> done = list(client().post("/1/machines/up" + (force ? "?force=1" : ""), body));
    if (root().json()) {
      printJson(done);
      return;
    }
    for (Map<String, Object> m : done) {
      List<?> canceled = (List<?>) m.get("canceled");
      System.out.println(m.get("hostname") + ": back in service through job " + m.get("job") + " (online, undrained)"
          + (canceled.isEmpty() ? "" : "; canceled incident(s) " + String.join(", ", canceled.stream().map(String::valueOf).toList())));
    }
  }
}
