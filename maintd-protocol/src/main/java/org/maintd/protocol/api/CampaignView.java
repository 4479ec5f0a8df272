package org.maintd.protocol.api;

import java.util.ArrayList;
import java.util.List;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;

/**
 * A rolling-reboot campaign as {@code /1/campaigns} shows it: where it stands and why, what it
 * covers, its groups, every node's phase, and its history.
 */
public record CampaignView(
    String id,
    String status,
    String reason,
    String next,
    String mode,
    Selection selection,
    int max_nodes,
    double soak,
    double boot_timeout,
    List<String> windows,
    List<List<String>> groups,
    int current_group,
    Progress progress,
    List<NodeState> nodes,
    List<Event> history,
    double ctime,
    double mtime) {

  /** The nodes the campaign covers, as asked. */
  public record Selection(List<String> nodes, String group, List<String> tags) {}

  /** How many nodes are done (rebooted and back) or skipped, of how many. */
  public record Progress(long done, long skipped, long total) {}

  /** One node: its reboot group (from 1), its phase, since when. */
  public record NodeState(String name, int group, String phase, double since) {}

  /** One event of the campaign's history. */
  public record Event(double time, String event, String detail) {}

  public static CampaignView of(Campaign c) {
    List<NodeState> nodes = new ArrayList<>();
    for (NodeProgress p : c.nodes()) {
      nodes.add(
          new NodeState(
              p.node(), groupOf(c, p.node()) + 1, p.phase().wireName(), Times.seconds(p.since())));
    }
    return new CampaignView(
        c.id(),
        c.status().wireName(),
        c.stopReason(),
        c.next(),
        c.spec().mode().wireName(),
        new Selection(
            c.spec().selection().nodes(),
            c.spec().selection().group(),
            c.spec().selection().tags()),
        c.spec().maxNodes(),
        c.spec().soak().toMillis() / 1000.0,
        c.spec().bootTimeout().toMillis() / 1000.0,
        c.spec().windows().stream().map(DailyWindow::toString).toList(),
        c.groups(),
        Math.min(c.current() + 1, c.groups().size()),
        new Progress(c.count(NodePhase.DONE), c.count(NodePhase.SKIPPED), c.nodes().size()),
        nodes,
        c.history().stream()
            .map(e -> new Event(Times.seconds(e.at()), e.event(), e.detail()))
            .toList(),
        Times.seconds(c.ctime()),
        Times.seconds(c.mtime()));
  }

  /** Whether the campaign does nothing more. */
  public boolean ended() {
    return List.of("completed", "aborted", "failed").contains(status);
  }

  private static int groupOf(Campaign c, String node) {
    for (int i = 0; i < c.groups().size(); i++) {
      if (c.groups().get(i).contains(node)) {
        return i;
      }
    }
    return -1;
  }
}
