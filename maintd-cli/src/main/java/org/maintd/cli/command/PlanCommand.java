package org.maintd.cli.command;

import java.util.List;
import java.util.Map;
import org.maintd.cli.output.Table;
import picocli.CommandLine.Command;

/**
 * {@code maintctl plan}: what the next round would submit, whether it is held back and why, and
 * for every incident what happens next or why it waits.
 */
@Command(name = "plan", description = "Show what the next round would do, and why waiting items wait.")
public final class PlanCommand extends ApiCommand.TopLevel {
  @Override
  @SuppressWarnings("unchecked")
  public void run() {
    Map<String, Object> plan = map(client().get("/1/plan"));
    if (root().json()) {
      printJson(plan);
      return;
    }
    String held = (String) plan.get("held_back");
    System.out.println("round " + plan.get("round") + ": " + (held == null || held.isEmpty() ? "ready" : held));
    List<Map<String, Object>> jobs = list(plan.get("jobs"));
    if (jobs.isEmpty()) {
      System.out.println("no jobs to submit");
    } else {
      Table t = new Table("JOB", "OPERATIONS");
      for (Map<String, Object> j : jobs) {
        List<String> ops = list(j.get("operations")).stream().map(PlanCommand::describe).toList();
        t.row(j.get("key"), String.join("; ", ops));
      }
      System.out.print(t.render());
    }
    List<Map<String, Object>> items = list(plan.get("items"));
    if (!items.isEmpty()) {
      System.out.println();
      Table t = new Table("KIND", "ID", "NODE", "ACTION", "STATUS", "NEXT");
      for (Map<String, Object> i : items) {
        t.row(i.get("kind"), i.get("uuid"), i.get("node"), i.get("action"), i.get("status"), i.get("next"));
      }
      System.out.print(t.render());
    }
  }

  private static String describe(Map<String, Object> op) {
    StringBuilder b = new StringBuilder(String.valueOf(op.get("kind")));
    for (String key : List.of("instance", "node", "source", "target", "primary", "oldSecondary", "newSecondary", "command")) {
      if (op.get(key) != null) {
        b.append(' ').append(key).append('=').append(op.get(key));
      }
    }
    return b.toString();
  }
}
