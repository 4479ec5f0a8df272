package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignEvent;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.protocol.state.IncidentCodec;

/** The wire form of a campaign for {@code /1/campaigns}: where it stands, each node, its history. */
final class CampaignJson {
  private CampaignJson() {}

  static Map<String, Object> of(Campaign c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", c.id());
    m.put("status", c.status().wireName());
    m.put("reason", c.stopReason());
    m.put("next", c.next());
    m.put("mode", c.spec().mode().wireName());
    Map<String, Object> selection = new LinkedHashMap<>();
    selection.put("nodes", c.spec().selection().nodes());
    selection.put("group", c.spec().selection().group());
    selection.put("tags", c.spec().selection().tags());
    m.put("selection", selection);
    m.put("max_nodes", c.spec().maxNodes());
    m.put("soak", c.spec().soak().toMillis() / 1000.0);
    m.put("boot_timeout", c.spec().bootTimeout().toMillis() / 1000.0);
    m.put("windows", c.spec().windows().stream().map(DailyWindow::toString).toList());
    m.put("groups", c.groups());
    m.put("current_group", Math.min(c.current() + 1, c.groups().size()));
    Map<String, Object> progress = new LinkedHashMap<>();
    progress.put("done", c.count(NodePhase.DONE));
    progress.put("skipped", c.count(NodePhase.SKIPPED));
    progress.put("total", c.nodes().size());
    m.put("progress", progress);
    List<Map<String, Object>> nodes = new ArrayList<>();
    for (NodeProgress p : c.nodes()) {
      Map<String, Object> n = new LinkedHashMap<>();
      n.put("name", p.node());
      n.put("group", groupOf(c, p.node()) + 1);
      n.put("phase", p.phase().wireName());
      n.put("since", IncidentCodec.seconds(p.since()));
      nodes.add(n);
    }
    m.put("nodes", nodes);
    List<Map<String, Object>> history = new ArrayList<>();
    for (CampaignEvent e : c.history()) {
      Map<String, Object> h = new LinkedHashMap<>();
      h.put("time", IncidentCodec.seconds(e.at()));
      h.put("event", e.event());
      h.put("detail", e.detail());
      history.add(h);
    }
    m.put("history", history);
    m.put("ctime", IncidentCodec.seconds(c.ctime()));
    m.put("mtime", IncidentCodec.seconds(c.mtime()));
    return m;
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
