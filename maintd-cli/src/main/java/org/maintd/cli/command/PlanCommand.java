package org.maintd.cli.command;

import java.util.List;
import org.maintd.cli.output.Table;
import org.maintd.job.Operation;
import org.maintd.protocol.api.PlanView;
import org.maintd.protocol.json.Json;
import picocli.CommandLine.Command;

/**
 * {@code maintctl plan}: what the next round would submit, whether it is held back and why, why
 * planned work waits (allowed hours, alerts), and for every incident what happens next or why it
 * waits.
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
    print(client().get("/1/plan", PlanView.class), PlanCommand::text);
  }

  private static String text(PlanView plan) {
    String held = plan.held_back();
    StringBuilder b = new StringBuilder();
    b.append("round ")
        .append(plan.round())
        .append(": ")
        .append(held == null || held.isEmpty() ? "ready" : held)
        .append('\n');
    if (plan.planned_work_held() != null) {
      b.append("planned work held: ").append(plan.planned_work_held().text()).append('\n');
    }
    if (plan.jobs().isEmpty()) {
      b.append("no jobs to submit\n");
    } else {
      Table t = new Table("JOB", "OPERATIONS");
      for (PlanView.Job j : plan.jobs()) {
        t.row(
            j.key(),
            String.join("; ", j.operations().stream().map(PlanCommand::describe).toList()));
      }
      b.append(t.render());
    }
    if (!plan.items().isEmpty()) {
      b.append('\n');
      Table t = new Table("KIND", "ID", "NODE", "ACTION", "STATUS", "WAITS", "NEXT");
      for (PlanView.Item i : plan.items()) {
        t.row(i.kind(), i.uuid(), i.node(), i.action(), i.status(), i.waits(), i.next());
      }
      b.append(t.render());
    }
    return b.toString();
  }

  /** {@code kind field=value ...}, the operation's own fields in a fixed order. */
  static String describe(Operation op) {
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
