package org.maintd.cli.command;

import java.io.Console;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cli.Maintctl;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.output.Table;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code maintctl campaign ...}: rolling-reboot campaigns that the daemon executes. */
@Command(name = "campaign", description = "Start, follow and steer rolling-reboot campaigns.",
    subcommands = {CampaignCommand.Start.class, CampaignCommand.Show.class, CampaignCommand.Pause.class,
        CampaignCommand.Resume.class, CampaignCommand.Abort.class})
public final class CampaignCommand implements Runnable {
  /** Statuses after which a campaign does nothing more. */
  static final List<String> ENDED = List.of("completed", "aborted", "failed");

  @ParentCommand
  Maintctl parent;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a campaign command is required (start, show, pause, resume, abort)");
  }

  abstract static class Sub extends ApiCommand {
    @ParentCommand
    CampaignCommand campaign;

    @Override
    Maintctl root() {
      return campaign.parent;
    }

    /** Prints the campaign; with {@code wait}, follows it until it ends and fails unless it completed. */
    void report(Map<String, Object> c, boolean wait, String what) {
      if (!wait) {
        if (root().json()) {
          printJson(c);
        } else {
          System.out.println(what);
          System.out.print(Details.text(c));
        }
        return;
      }
      System.err.println(what);
      Map<String, Object> last = follow((String) c.get("id"));
      if (root().json()) {
        printJson(last);
      } else {
        System.out.print(Details.text(last));
      }
      if (!"completed".equals(last.get("status"))) {
        throw new CampaignEnded("campaign " + last.get("id") + " " + last.get("status") + ": " + last.get("reason"));
      }
    }

    /** Polls the campaign every second, printing a progress line each time it changes, until it ends. */
    Map<String, Object> follow(String id) {
      Console console = System.console();
      String shown = "";
      while (true) {
        Map<String, Object> c = map(client().get("/1/campaigns/" + id));
        String line = Details.progress(c);
        if (!line.equals(shown)) {
          if (console != null) {
            System.err.print("\r\033[K" + line);
          } else {
            System.err.println(line);
          }
          shown = line;
        }
        if (ENDED.contains(c.get("status"))) {
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
  @Command(name = "start", description = "Start a rolling-reboot campaign (all online nodes unless narrowed).")
  static final class Start extends Sub {
    @Option(names = "--node", paramLabel = "NODE", description = "A node to reboot (repeatable).")
    List<String> nodes = new ArrayList<>();

    @Option(names = {"-G", "--group"}, description = "Only the nodes of this node group.")
    String group;

    @Option(names = "--node-tag", paramLabel = "TAG", description = "Only nodes with one of these tags (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--mode", defaultValue = "migrate-reboot", description = "migrate-reboot (default) or full-evacuation.")
    String mode;

    @Option(names = "--max-nodes", defaultValue = "0", description = "At most this many nodes at once (0: as the plan allows).")
    int maxNodes;

    @Option(names = "--soak", description = "How long a rebooted node must report Ok before its instances return (default 5m).")
    String soak;

    @Option(names = "--boot-timeout", description = "How long a reboot may take before the campaign stops (default 15m).")
    String bootTimeout;

    @Option(names = "--window", paramLabel = "HH:MM-HH:MM", description = "A daily window (UTC) in which groups may start (repeatable).")
    List<String> windows = new ArrayList<>();

    @Option(names = "--wait", description = "Follow the campaign until it ends; exit 1 unless it completed.")
    boolean wait;

    @Override
    public void run() {
      Map<String, Object> body = new LinkedHashMap<>();
      if (!nodes.isEmpty()) {
        body.put("nodes", nodes);
      }
      if (group != null) {
        body.put("group", group);
      }
      if (!tags.isEmpty()) {
        body.put("tags", tags);
      }
      body.put("mode", mode);
      body.put("max_nodes", maxNodes);
      if (soak != null) {
        body.put("soak", soak);
      }
      if (bootTimeout != null) {
        body.put("boot_timeout", bootTimeout);
      }
      if (!windows.isEmpty()) {
        body.put("windows", windows);
      }
      Map<String, Object> c = map(client().post("/1/campaigns", body));
      report(c, wait, "campaign " + c.get("id") + " started: " + ((List<?>) c.get("groups")).size() + " group(s)");
    }
  }

  /** Lists campaigns, or shows one. */
  @Command(name = "show", description = "List campaigns, or show one with its nodes and history.")
  static final class Show extends Sub {
    @Parameters(index = "0", arity = "0..1", paramLabel = "ID")
    String id;

    @Option(names = "--wait", description = "Follow the campaign until it ends; exit 1 unless it completed.")
    boolean wait;

    @Override
    public void run() {
      if (id == null) {
        List<Map<String, Object>> all = list(client().get("/1/campaigns"));
        if (root().json()) {
          printJson(all);
          return;
        }
        Table t = new Table("ID", "STATUS", "MODE", "GROUP", "DONE", "NEXT");
        for (Map<String, Object> c : all) {
          Map<String, Object> p = map(c.get("progress"));
          t.row(c.get("id"), c.get("status"), c.get("mode"), c.get("current_group") + "/" + ((List<?>) c.get("groups")).size(),
              p.get("done") + "/" + p.get("total"), c.get("next"));
        }
        System.out.print(all.isEmpty() ? "no campaigns\n" : t.render());
        return;
      }
      report(map(client().get("/1/campaigns/" + id)), wait, "campaign " + id);
    }
  }

  /** A command on one campaign: the one named, or the one under way. */
  abstract static class Action extends Sub {
    @Parameters(index = "0", arity = "0..1", paramLabel = "ID", description = "The campaign (default: the one under way).")
    String id;

    @Option(names = "--wait", description = "Follow the campaign until it ends; exit 1 unless it completed.")
    boolean wait;

    void act(String action, String done) {
      if (id == null) {
        id = underWay();
      }
      Map<String, Object> c = map(client().post("/1/campaigns/" + id + "/" + action, Map.of()));
      report(c, wait, "campaign " + id + " " + done);
    }

    /** The id of the campaign under way (there is at most one). */
    String underWay() {
      return list(client().get("/1/campaigns")).stream().filter(c -> !ENDED.contains(c.get("status")))
          .map(c -> String.valueOf(c.get("id"))).findFirst()
          .orElseThrow(() -> new ApiException("no campaign is under way; give a campaign id (see maintctl campaign show)"));
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

  @Command(name = "abort", description = "Reboot nothing further; bring the current group back, then end.")
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

    static String progress(Map<String, Object> c) {
      Map<String, Object> p = ApiCommand.map(c.get("progress"));
      List<String> busy = new ArrayList<>();
      for (Map<String, Object> n : ApiCommand.list(c.get("nodes"))) {
        String phase = (String) n.get("phase");
        if (!List.of("waiting", "done", "skipped").contains(phase)) {
          busy.add(n.get("name") + " " + phase);
        }
      }
      return c.get("status") + " · group " + c.get("current_group") + "/" + ((List<?>) c.get("groups")).size()
          + " · " + p.get("done") + "/" + p.get("total") + " done"
          + (busy.isEmpty() ? "" : " · " + String.join(", ", busy))
          + (c.get("next").toString().isEmpty() ? "" : " · " + c.get("next"));
    }

    static String text(Map<String, Object> c) {
      StringBuilder b = new StringBuilder();
      b.append("status: ").append(c.get("status"));
      if (!c.get("reason").toString().isEmpty()) {
        b.append(" (").append(c.get("reason")).append(')');
      }
      b.append("\nmode: ").append(c.get("mode")).append(", soak ").append(c.get("soak")).append(" s, boot timeout ")
          .append(c.get("boot_timeout")).append(" s");
      if (!((List<?>) c.get("windows")).isEmpty()) {
        b.append(", windows ").append(c.get("windows"));
      }
      b.append("\nnext: ").append(c.get("next")).append('\n');
      Table t = new Table("GROUP", "NODE", "PHASE", "SINCE");
      for (Map<String, Object> n : ApiCommand.list(c.get("nodes"))) {
        t.row(n.get("group"), n.get("name"), n.get("phase"), Times.format(n.get("since")));
      }
      b.append(t.render()).append("history:\n");
      for (Map<String, Object> h : ApiCommand.list(c.get("history"))) {
        b.append("  ").append(Times.format(h.get("time"))).append(' ').append(h.get("event")).append(": ").append(h.get("detail")).append('\n');
      }
      return b.toString();
    }
  }
}
