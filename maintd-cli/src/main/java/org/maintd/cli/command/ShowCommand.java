package org.maintd.cli.command;

import java.util.List;
import java.util.Map;
import org.maintd.cli.client.ApiClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code maintctl show UUID|NODE}: one incident with its history. */
@Command(name = "show", description = "Show one incident and its history.")
public final class ShowCommand extends ApiCommand.TopLevel {
  @Parameters(paramLabel = "UUID|NODE", description = "The incident's uuid, or its node's name (the node's only incident).")
  String ref;

  @Override
  public void run() {
    String uuid = IncidentRef.resolve(client(), ref, "", i -> true);
    Map<String, Object> i = map(client().get("/1/incidents/" + uuid));
    if (root().json()) {
      printJson(i);
      return;
    }
    System.out.printf("incident  %s%nnode      %s%naction    %s%nstatus    %s%ntag       %s%njobs      %s%nnext      %s%noriginal  %s%nhistory:%n",
        i.get("uuid"), i.get("node"), i.get("action"), i.get("repair-status"), i.get("tag"),
        String.join(", ", (List<String>) i.get("jobs")), i.get("next"), ApiClient.write(i.get("original")));
    for (Map<String, Object> h : list(i.get("history"))) {
      System.out.printf("  %s  %-12s %s%n", Times.format(h.get("time")), h.get("event"), h.get("reason"));
    }
  }
}
