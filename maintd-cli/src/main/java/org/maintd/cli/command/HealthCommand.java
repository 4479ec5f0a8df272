package org.maintd.cli.command;

import org.maintd.cli.client.ApiException;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.FaultView;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PartHealth;
import picocli.CommandLine.Command;

/**
 * {@code maintctl health}: the daemon asked, whether it leads and which daemon does, the faults it
 * sees around it, and its parts. A daemon that does not do its work (it failed, its state cannot be
 * read, its ZooKeeper connection is down, no daemon leads...) is shown, then reported as a failure
 * (exit 1), as its 503 says.
 */
@Command(
    name = "health",
    description =
        "Show the daemon's health: its state, whether it leads and which daemon does, the faults"
            + " it sees (a cluster that does not answer, a disk it cannot write...), its parts.")
public final class HealthCommand extends ApiCommand.TopLevel {
  private static final String LOG = "the daemon's log (journalctl -u maintd)";

  @Override
  public void run() {
    HealthView h = client().getAnyStatus("/1/health", HealthView.class);
    print(h, HealthCommand::render);
    if ("FAILED".equals(h.state())) {
      throw new ApiException(
          "maintd has failed: " + orDash(h.last_error()) + "; see " + LOG + " for the rest");
    }
    if (!h.serving()) {
      throw new ApiException(
          "maintd does not do its work ("
              + h.state()
              + "): "
              + orDash(h.last_error())
              + "; the parts above say which, "
              + LOG
              + " why");
    }
  }

  static String render(HealthView h) {
    StringBuilder out = new StringBuilder();
    out.append("state       ").append(h.state()).append('\n');
    out.append("leader      ").append(leading(h)).append('\n');
    out.append("master      ").append(orDash(h.master())).append('\n');
    out.append("last tick   ").append(Times.format(h.last_tick())).append('\n');
    out.append("last error  ").append(orDash(h.last_error())).append('\n');
    for (String w : h.warnings()) {
      out.append("warning     ").append(w).append('\n');
    }
    for (FaultView f : h.faults()) {
      out.append("fault       ")
          .append(f.fault())
          .append(" since ")
          .append(Times.format(f.since()))
          .append(f.stops_work() ? " (no work is done while it lasts)" : "")
          .append(": ")
          .append(f.detail())
          .append('\n');
    }
    out.append('\n');
    Table parts = new Table("PART", "STATE", "SINCE", "CAUSE", "DETAIL");
    for (PartHealth p : h.parts()) {
      parts.row(
          p.name(), p.state(), Times.format(p.since()), orDash(p.cause()), orDash(p.detail()));
    }
    return out.append(parts.render()).toString();
  }

  private static String leading(HealthView h) {
    if (h.leader()) {
      return "yes, this daemon leads";
    }
    return h.leader_url() == null || h.leader_url().isEmpty()
        ? "no, and no leader is known"
        : "no, " + h.leader_url() + " leads";
  }

  private static String orDash(String s) {
    return s == null || s.isEmpty() ? "-" : s;
  }
}
