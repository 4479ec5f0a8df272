package org.maintd.daemon.ui;

import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.api.CampaignView;

/**
 * A campaign as the page draws it: the campaign as {@code /1/campaigns} shows it, and its nodes
 * group by group (a bar per group, a segment per node coloured by its phase), with what the
 * operator may do with it now. Immutable.
 */
public record CampaignCard(CampaignView campaign, List<List<CampaignView.NodeState>> groups) {
  public CampaignCard {
    groups = groups.stream().map(List::copyOf).toList();
  }

  /** {@code c} with its nodes by group, in the order of its groups. */
  public static CampaignCard of(CampaignView c) {
    List<List<CampaignView.NodeState>> groups = new ArrayList<>();
    for (int g = 1; g <= c.groups().size(); g++) {
      int group = g;
      groups.add(c.nodes().stream().filter(n -> n.group() == group).toList());
    }
    return new CampaignCard(c, groups);
  }

  /** How much of the campaign is done or skipped, in percent. */
  public long percent() {
    CampaignView.Progress p = campaign.progress();
    return p.total() == 0 ? 100 : (p.done() + p.skipped()) * 100 / p.total();
  }

  public boolean pausable() {
    return campaign.status().equals("running");
  }

  public boolean resumable() {
    return campaign.status().equals("paused");
  }

  public boolean abortable() {
    return pausable() || resumable();
  }
}
