package org.maintd.cli.command;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.output.Table;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.CampaignView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code maintctl campaign ...}: rolling-reboot campaigns that the daemon executes. */
@Command(
    name = "campaign",
    description = "Start, follow and steer rolling-reboot campaigns.",
    subcommands = {
      CampaignCommand.Start.class,
      CampaignCommand.Show.class,
      CampaignCommand.Pause.class,
      CampaignCommand.Resume.class,
      CampaignCommand.Abort.class
    })
public final class CampaignCommand extends CommandGroup {
  /** How long a wait for a campaign lasts by default: a group may wait a day for its window. */
  static final Duration CAMPAIGN_TIMEOUT = Duration.ofHours(24);

  /** A subcommand of campaign. */
  abstract static class Sub extends CommandGroup.Member {
    /** Prints the campaign under a line saying what happened. */
    void report(CampaignView c, String what) {
      print(c, v -> what + System.lineSeparator() + Details.text(v));
    }

    /**
     * Says what happened, follows the campaign with a progress line until it ends as {@code
     * options} say, prints it, and fails unless it ended as one of {@code success}.
     */
    void follow(WaitOptions options, CampaignView c, String what, Set<String> success) {
      System.err.println(what);
      Look.Ended<CampaignView> end = awaitEnd(options, new CampaignWait(client(), c.id(), success));
      print(end.value(), Details::text);
      end.orThrow();
    }
  }

  /** Starts a campaign. */
  @Command(
      name = "start",
      description = {
        "Start a rolling-reboot campaign (all online nodes unless narrowed).",
        "With --wait, follow it with a progress line until it ends; exit 1 with its reason unless"
            + " it completed. -o json: the campaign, as GET /1/campaigns/ID shows it."
      })
  static final class Start extends Sub {
    @Mixin WaitOptions waiting = WaitOptions.onRequest(CAMPAIGN_TIMEOUT);

    @Mixin CampaignOptions asked;

    @Override
    public void run() {
      CampaignRequest body = asked.request();
      CampaignView c = client().post("/1/campaigns", body, CampaignView.class);
      String what = "campaign " + c.id() + " started: " + c.groups().size() + " group(s)";
      if (waiting.waits()) {
        follow(waiting, c, what, Set.of("completed"));
      } else {
        report(c, what);
      }
    }
  }

  /** Lists campaigns, or shows one. */
  @Command(
      name = "show",
      description = {
        "List campaigns, or show one with its nodes and history.",
        "With ID and --wait, follow it with a progress line until it ends; exit 1 with its reason"
            + " unless it completed."
      })
  static final class Show extends Sub {
    @Parameters(index = "0", arity = "0..1", paramLabel = "ID")
    String id;

    @Mixin WaitOptions waiting = WaitOptions.onRequest(CAMPAIGN_TIMEOUT);

    @Override
    public void run() {
      if (id == null) {
        print(client().get("/1/campaigns", CAMPAIGNS), Show::table);
        return;
      }
      CampaignView c = client().get("/1/campaigns/" + id, CampaignView.class);
      if (waiting.waits()) {
        follow(waiting, c, "campaign " + id, Set.of("completed"));
      } else {
        report(c, "campaign " + id);
      }
    }

    private static String table(List<CampaignView> all) {
      if (all.isEmpty()) {
        return "no campaigns\n";
      }
      Table t = new Table("ID", "STATUS", "MODE", "GROUP", "DONE", "NEXT");
      for (CampaignView c : all) {
        t.row(
            c.id(),
            c.status(),
            c.mode(),
            c.current_group() + "/" + c.groups().size(),
            c.progress().done() + "/" + c.progress().total(),
            c.next());
      }
      return t.render();
    }
  }

  /** A command on one campaign: the one named, or the one under way. */
  abstract static class Action extends Sub {
    @Parameters(
        index = "0",
        arity = "0..1",
        paramLabel = "ID",
        description = "The campaign (default: the one under way).")
    String id;

    /** Sends {@code action} to the campaign; the campaign as it answers. */
    CampaignView act(String action) {
      if (id == null) {
        id = underWay();
      }
      return client().post("/1/campaigns/" + id + "/" + action, Map.of(), CampaignView.class);
    }

    /**
     * Sends {@code action}; reports {@code done}, or follows the campaign as {@code options} say.
     */
    void act(String action, String done, WaitOptions options, Set<String> success) {
      CampaignView c = act(action);
      if (options.waits()) {
        follow(options, c, "campaign " + id + " " + done, success);
      } else {
        report(c, "campaign " + id + " " + done);
      }
    }

    /** The id of the campaign under way (there is at most one). */
    String underWay() {
      return client().get("/1/campaigns", CAMPAIGNS).stream()
          .filter(c -> !c.ended())
          .map(CampaignView::id)
          .findFirst()
          .orElseThrow(
              () ->
                  new ApiException(
                      "no campaign is under way; give a campaign id (see maintctl campaign show)"));
    }
  }

  @Command(
      name = "pause",
      description =
          "Start no new step; nodes rebooting still come back. It takes effect at once: there is"
              + " nothing to wait for.")
  static final class Pause extends Action {
    @Override
    public void run() {
      report(act("pause"), "campaign " + id + " paused");
    }
  }

  @Command(
      name = "resume",
      description = {
        "Go on with a paused campaign.",
        "With --wait, follow it until it ends; exit 1 with its reason unless it completed."
      })
  static final class Resume extends Action {
    @Mixin WaitOptions waiting = WaitOptions.onRequest(CAMPAIGN_TIMEOUT);

    @Override
    public void run() {
      act("resume", "resumed", waiting, Set.of("completed"));
    }
  }

  @Command(
      name = "abort",
      description = {
        "Reboot nothing further; bring the current group back, then end.",
        "With --wait, follow it until it has ended; exit 1 with its reason if it failed instead."
      })
  static final class Abort extends Action {
    @Mixin WaitOptions waiting = WaitOptions.onRequest(CAMPAIGN_TIMEOUT);

    @Override
    public void run() {
      act("abort", "aborting", waiting, Set.of("aborted", "completed"));
    }
  }

  /** Human text for a campaign. */
  static final class Details {
    private Details() {}

    static String progress(CampaignView c) {
      List<String> busy = new ArrayList<>();
      for (CampaignView.NodeState n : c.nodes()) {
        if (!List.of("waiting", "done", "skipped").contains(n.phase())) {
          busy.add(n.name() + " " + n.phase());
        }
      }
      return c.status()
          + " · group "
          + c.current_group()
          + "/"
          + c.groups().size()
          + " · "
          + c.progress().done()
          + "/"
          + c.progress().total()
          + " done"
          + (busy.isEmpty() ? "" : " · " + String.join(", ", busy))
          + (c.next().isEmpty() ? "" : " · " + c.next());
    }

    static String text(CampaignView c) {
      StringBuilder b = new StringBuilder();
      b.append("status: ").append(c.status());
      if (!c.reason().isEmpty()) {
        b.append(" (").append(c.reason()).append(')');
      }
      b.append("\nmode: ")
          .append(c.mode())
          .append(", soak ")
          .append(c.soak())
          .append(" s, boot timeout ")
          .append(c.boot_timeout())
          .append(" s");
      if (!c.windows().isEmpty()) {
        b.append(", windows ").append(c.windows());
      }
      b.append(c.next().isBlank() ? "" : "\nnext: " + c.next()).append('\n');
      Table t = new Table("GROUP", "NODE", "PHASE", "SINCE");
      for (CampaignView.NodeState n : c.nodes()) {
        t.row(n.group(), n.name(), n.phase(), Times.format(n.since()));
      }
      b.append(t.render()).append("history:\n");
      for (CampaignView.Event h : c.history()) {
        b.append("  ")
            .append(Times.format(h.time()))
            .append(' ')
            .append(h.event())
            .append(": ")
            .append(h.detail())
            .append('\n');
      }
      return b.toString();
    }
  }
}
