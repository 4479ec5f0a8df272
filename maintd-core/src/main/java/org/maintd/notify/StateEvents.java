package org.maintd.notify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.maintd.spi.MaintdState;

/**
 * Which events two steps, one after the other, make: those of incidents, campaigns, the schedule's
 * machines, reboot requests and the guards, in that order; and the events the daemon makes itself
 * (leadership, a test). The time of each is {@code now}, the second step's. Stateless.
 */
public final class StateEvents {
  private StateEvents() {}

  /** The events of what changed from {@code before} to {@code after}, at {@code now}. */
  public static List<Event> between(Seen before, Seen after, Instant now) {
    MaintdState b = before.state();
    MaintdState a = after.state();
    List<Event> out = new ArrayList<>();
    out.addAll(IncidentEvents.between(b.incidents(), a.incidents(), now));
    out.addAll(CampaignEvents.between(b.campaigns(), a.campaigns(), now));
    out.addAll(MachineEvents.between(b.maintenance().modes(), a.maintenance().modes(), now));
    out.addAll(RebootEvents.between(b.reboots().requests(), a.reboots().requests(), now));
    out.addAll(GuardEvents.between(before, after, now));
    return out;
  }

  /**
   * The daemon {@code leader} came to lead under {@code term} (its leader epoch, or what else tells
   * one leadership from the next), at {@code now}.
   */
  public static Event leaderChanged(String leader, String term, Instant now) {
    return Event.of(
        EventKind.LEADER_CHANGED, term, now, leader, "maintd at " + leader + " leads now");
  }

  /** A test event, known by {@code key}, asked for by an operator at {@code now}. */
  public static Event test(String key, Instant now) {
    return Event.of(
        EventKind.TEST, key, now, "", "a test of maintd's notifications: this receiver works");
  }
}
