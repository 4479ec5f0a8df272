package org.maintd.cli.command;

import java.util.Map;
import org.maintd.cli.output.Table;
import org.maintd.cli.wait.WorkFailed;
import org.maintd.protocol.api.NotifyTestView;
import picocli.CommandLine.Command;

/** {@code maintctl notify test}: the notifications' receivers, each sent a test event. */
@Command(
    name = "notify",
    description = "Check the receivers of maintd's notifications.",
    subcommands = {NotifyCommand.Test.class})
public final class NotifyCommand extends CommandGroup {

  /** {@code maintctl notify test}. */
  @Command(
      name = "test",
      description =
          "Send one test event to every receiver of 'notifications' now and show what each"
              + " answered; exit 1 when one did not take it. Nothing is recorded.")
  public static final class Test extends CommandGroup.Member {
    @Override
    public void run() {
      NotifyTestView answer = client().post("/1/notify/test", Map.of(), NotifyTestView.class);
      print(answer, Test::text);
      long failed = answer.receivers().stream().filter(r -> !r.delivered()).count();
      if (failed > 0) {
        throw new WorkFailed(
            failed
                + " of "
                + answer.receivers().size()
                + " receiver(s) did not take the test event");
      }
    }

    private static String text(NotifyTestView v) {
      if (v.receivers().isEmpty()) {
        return "no receivers are configured (notifications.receivers)" + System.lineSeparator();
      }
      Table t = new Table("RECEIVER", "DELIVERED", "ANSWER");
      v.receivers().forEach(r -> t.row(r.name(), r.delivered() ? "yes" : "no", r.answer()));
      return t.render();
    }
  }
}
