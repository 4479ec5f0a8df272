package org.maintd.cli.command;

import java.io.Console;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.DurationValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
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
  /** A subcommand of campaign. */
  abstract static class Sub extends CommandGroup.Member {
    @Option(
        names = "--wait",
        description = "Follow the campaign until it ends; exit 1 unless it completed.")
    boolean wait;

    /**
     * Prints the campaign; with {@code --wait}, follows it until it ends and fails unless it
     * completed.
     */
    void report(CampaignView c, String what) {
      if (!wait) {
        print(c, v -> what + System.lineSeparator() + Details.text(v));
        return;
      }
      System.err.println(what);
      CampaignView last = follow(c.id());
      print(last, Details::text);
      if (!"completed".equals(last.status())) {
        throw new CampaignEnded(
            "campaign " + last.id() + " " + last.status() + ": " + last.reason());
      }
    }

    /**
     * Polls the campaign every second, printing a progress line each time it changes, until it
     * ends.
     */
    CampaignView follow(String id) {
      Console console = System.console();
      String shown = "";
      while (true) {
        CampaignView c = client().get("/1/campaigns/" + id, CampaignView.class);
        String line = Details.progress(c);
        if (!line.equals(shown)) {
          if (console != null) {
            System.err.print("\r\033[K" + line);
          } else {
            System.err.println(line);
          }
          shown = line;
        }
        if (c.ended()) {
          if (console != null) {
            System.err.println();
          }
          return c;
        }
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return c;
        }
      }
    }
  }

  /** Starts a campaign. */
  @Command(
      name = "start",
      description = "Start a rolling-reboot campaign (all online nodes unless narrowed).")
  static final class Start extends Sub {
    @Option(names = "--node", paramLabel = "NODE", description = "A node to reboot (repeatable).")
    List<String> nodes = new ArrayList<>();

    @Option(
        names = {"-G", "--group"},
        description = "Only the nodes of this node group.")
    String group;

    @Option(
        names = "--node-tag",
        paramLabel = "TAG",
        description = "Only nodes with one of these tags (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(
        names = "--mode",
        defaultValue = "migrate-reboot",
        description = "migrate-reboot (default) or full-evacuation.")
    String mode;

    @Option(
        names = "--max-nodes",
        defaultValue = "0",
        description = "At most this many nodes at once (0: as the plan allows).")
    int maxNodes;

    @Option(
        names = "--soak",
        description =
            "How long a rebooted node must report Ok before its instances return (default 5m).")
    String soak;

    @Option(
        names = "--boot-timeout",
        description = "How long a reboot may take before the campaign stops (default 15m).")
    String bootTimeout;

    @Option(
        names = "--window",
        paramLabel = "HH:MM-HH:MM",
        description = "A daily window (UTC) in which groups may start (repeatable).")
    List<String> windows = new ArrayList<>();

    @Override
    public void run() {
      CampaignRequest body =
          new CampaignRequest(
              nodes.isEmpty() ? null : nodes,
              group,
              tags.isEmpty() ? null : tags,
              mode,
              (long) maxNodes,
              soak == null ? null : DurationValue.of(soak),
              bootTimeout == null ? null : DurationValue.of(bootTimeout),
              windows.isEmpty() ? null : windows);
      CampaignView c = client().post("/1/campaigns", body, CampaignView.class);
      report(c, "campaign " + c.id() + " started: " + c.groups().size() + " group(s)");
    }
  }

  /** Lists campaigns, or shows one. */
  @Command(name = "show", description = "List campaigns, or show one with its nodes and history.")
  static final class Show extends Sub {
    @Parameters(index = "0", arity = "0..1", paramLabel = "ID")
    String id;

    @Override
    public void run() {
      if (id == null) {
        print(client().get("/1/campaigns", CAMPAIGNS), Show::table);
        return;
      }
      report(client().get("/1/campaigns/" + id, CampaignView.class), "campaign " + id);
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

    void act(String action, String done) {
      if (id == null) {
        id = underWay();
      }
      CampaignView c =
          client().post("/1/campaigns/" + id + "/" + action, Map.of(), CampaignView.class);
      report(c, "campaign " + id + " " + done);
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

  @Command(name = "pause", description = "Start no new step; nodes rebooting still come back.")
  static final class Pause extends Action {
    @Override
    public void run() {
      act("pause", "paused");
    }
  }

  @Command(name = "resume", description = "Go on with a paused campaign.")
  static final class Resume extends Action {
    @Override
    public void run() {
      act("resume", "resumed");
    }
  }

  @Command(
      name = "abort",
      description = "Reboot nothing further; bring the current group back, then end.")
  static final class Abort extends Action {
    @Override
    public void run() {
      act("abort", "aborting");
    }
  }

  /** A followed campaign ended without completing. */
  public static final class CampaignEnded extends RuntimeException {
    public CampaignEnded(String message) {
      super(message);
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
