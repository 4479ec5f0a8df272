package org.maintd.rehearse;

import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.spi.MaintdState;

/**
 * How the campaign a rehearsal started ended, or what it waits for: the last campaign of the state
 * asked for as it was (campaigns are kept in the order they were started, and one starts only when
 * none is under way). Stateless.
 */
final class CampaignEnd {
  private CampaignEnd() {}

  /** The sentence that says how the last campaign of {@code spec} ended; empty while it goes on. */
  static Optional<String> of(CampaignSpec spec, MaintdState state) {
    return last(spec, state).filter(c -> !c.status().isActive()).map(CampaignEnd::said);
  }

  /** What the last campaign of {@code spec} does next or waits for, while it goes on. */
  static Optional<String> waiting(CampaignSpec spec, MaintdState state) {
    return last(spec, state)
        .filter(c -> c.status().isActive() && !c.next().isEmpty())
        .map(c -> "campaign " + c.id() + ": " + c.next());
  }

  private static Optional<Campaign> last(CampaignSpec spec, MaintdState state) {
    return state.campaigns().stream().filter(c -> c.spec().equals(spec)).reduce((a, b) -> b);
  }

  private static String said(Campaign c) {
    return "campaign "
        + c.id()
        + " "
        + c.status().wireName()
        + ": "
        + (c.status() == CampaignStatus.COMPLETED
            ? c.count(NodePhase.DONE) + " node(s) rebooted"
            : c.stopReason());
  }
}
