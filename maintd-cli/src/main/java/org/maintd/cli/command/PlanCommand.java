package org.maintd.cli.command;

import java.util.List;
import org.maintd.cli.output.Table;
import org.maintd.job.Operation;
import org.maintd.protocol.api.PlanView;
import org.maintd.protocol.json.Json;
import picocli.CommandLine.Command;

/**
 * {@code maintctl plan}: what the next round would submit, whether it is held back and why, and for
 * every incident what happens next or why it waits.
 */
@Command(
    name = "plan",
    description = "Show what the next round would do, and why waiting items wait.")
public final class PlanCommand extends ApiCommand.TopLevel {
  private static final List<String> FIELDS =
      List.of(
          "instance",
          "node",
          "source",
          "target",
          "primary",
          "oldSecondary",
          "newSecondary",
          "command");

  @Override
  public void run() {
    PlanView plan = client().get("/1/plan", PlanView.class);
    if (root().json()) {
      printJson(plan);
      return;
    }
    String held = plan.held_back();
    System.out.println(
        "round " + plan.round() + ": " + (held == null || held.isEmpty() ? "ready" : held));
    if (plan.jobs().isEmpty()) {
      System.out.println("no jobs to submit");
    } else {
      Table t = new Table("JOB", "OPERATIONS");
      for (PlanView.Job j : plan.jobs()) {
        t.row(
            j.key(),
            String.join("; ", j.operations().stream().map(PlanCommand::describe).toList()));
      }
      System.out.print(t.render());
    }
    if (!plan.items().isEmpty()) {
      System.out.println();
      Table t = new Table("KIND", "ID", "NODE", "ACTION", "STATUS", "NEXT");
      for (PlanView.Item i : plan.items()) {
        t.row(i.kind(), i.uuid(), i.node(), i.action(), i.status(), i.next());
      }
      System.out.print(t.render());
    }
  }

  /** {@code kind field=value ...}, the operation's own fields in a fixed order. */
  private static String describe(Operation op) {
    StringBuilder b = new StringBuilder(op.kind());
    var fields = Json.MAPPER.convertValue(op, java.util.Map.class);
    for (String key : FIELDS) {
      if (fields.get(key) != null) {
        b.append(' ').append(key).append('=').append(fields.get(key));
      }
    }
    return b.toString();
  }
}
