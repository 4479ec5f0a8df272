package org.maintd.notify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;

/**
 * The events of rolling-reboot campaigns between two states: started (a campaign the first state
 * lacks), paused, stuck (failing: a node did not come back or its step failed) and finished
 * (completed, aborted or failed). A campaign paused again is told again: its pause's identity is
 * the time of its change. Stateless.
 */
final class CampaignEvents {
  private CampaignEvents() {}

  static List<Event> between(List<Campaign> before, List<Campaign> after, Instant now) {
    Map<String, Campaign> known = ByKey.lastOf(before, Campaign::id);
    List<Event> out = new ArrayList<>();
    for (Campaign c : after) {
      Campaign was = known.get(c.id());
      if (was == null) {
        out.add(event(EventKind.CAMPAIGN_STARTED, c.id(), c, now, "started"));
      }
      if (was == null || was.status() != c.status()) {
        changed(c, now).ifPresent(out::add);
      }
    }
    return out;
  }

  private static Optional<Event> changed(Campaign c, Instant now) {
    CampaignStatus s = c.status();
    if (s == CampaignStatus.PAUSED) {
      String key = c.id() + "/" + c.mtime().toEpochMilli();
      return Optional.of(event(EventKind.CAMPAIGN_PAUSED, key, c, now, "paused" + why(c)));
    }
    if (s == CampaignStatus.FAILING) {
      return Optional.of(event(EventKind.CAMPAIGN_STUCK, c.id(), c, now, "stuck" + why(c)));
    }
    if (s == CampaignStatus.COMPLETED
        || s == CampaignStatus.ABORTED
        || s == CampaignStatus.FAILED) {
      return Optional.of(
          event(EventKind.CAMPAIGN_FINISHED, c.id(), c, now, "finished: " + s.wireName() + why(c)));
    }
    return Optional.empty();
  }

  private static String why(Campaign c) {
    return c.stopReason().isEmpty() ? "" : ": " + c.stopReason();
  }

  private static Event event(EventKind kind, String key, Campaign c, Instant now, String what) {
    return Event.of(kind, key, now, c.id(), "campaign " + c.id() + " " + what);
  }
}
