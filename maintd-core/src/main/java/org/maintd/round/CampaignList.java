package org.maintd.round;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignEvent;
import org.maintd.campaign.CampaignException;
import org.maintd.campaign.CampaignStatus;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;

/**
 * The stored list of campaigns: find, replace, add, command, and what changed for the log.
 * Stateless.
 */
final class CampaignList {
  private CampaignList() {}

  static Campaign find(List<Campaign> campaigns, String id) {
    return campaigns.stream()
        .filter(c -> c.id().equals(id))
        .findFirst()
        .orElseThrow(
            () -> new CampaignException(CampaignException.Kind.NOT_FOUND, "no campaign " + id));
  }

  static List<Campaign> replace(List<Campaign> campaigns, Campaign changed) {
    return campaigns.stream().map(c -> c.id().equals(changed.id()) ? changed : c).toList();
  }

  /**
   * How many ended campaigns the state keeps (the oldest go first): the state must not grow without
   * end.
   */
  static final int ENDED_KEPT = 20;

  static List<Campaign> append(List<Campaign> campaigns, Campaign added) {
    List<Campaign> copy = new ArrayList<>(campaigns);
    copy.add(added);
    long ended = copy.stream().filter(c -> !c.status().isActive()).count();
    for (int i = 0; i < copy.size() && ended > ENDED_KEPT; ) {
      if (!copy.get(i).status().isActive()) {
        copy.remove(i);
        ended--;
      } else {
        i++;
      }
    }
    return copy;
  }

  static Campaign command(Campaign c, String action, String who, Instant now) {
    return switch (action) {
      case "pause" -> c.pause(who, now);
      case "resume" -> c.resume(who, now);
      case "abort" -> c.abort(who, now);
      default ->
          throw new CampaignException(
              CampaignException.Kind.NOT_FOUND,
              "no campaign action '" + action + "' (pause, resume, abort)");
    };
  }

  /** Campaigns under way say why the round does not start. */
  static List<Campaign> waiting(List<Campaign> campaigns, String why) {
    return campaigns.stream()
        .map(
            c ->
                c.status() == CampaignStatus.RUNNING || c.status().isStopping()
                    ? c.withNext(why)
                    : c)
        .toList();
  }

  /**
   * A failed job of a campaign stops it; but a failed soft reboot, when {@code hardFallback}, makes
   * a hard reboot of its node due instead; and one its node's collector refused ({@code canceled}:
   * not run) stops it saying so, the node brought back unrebooted.
   */
  static List<Campaign> jobFailed(
      List<Campaign> campaigns,
      String id,
      String reason,
      JobState result,
      JobSpec job,
      boolean hardFallback,
      Instant now) {
    Optional<String> softReboot =
        job.operations().stream()
            .filter(op -> op instanceof Operation.RebootNode r && !r.hard())
            .map(op -> ((Operation.RebootNode) op).node())
            .findFirst();
    boolean refused = result.status() == JobStatus.CANCELED;
    return campaigns.stream()
        .map(
            c ->
                !c.id().equals(id)
                    ? c
                    : softReboot
                        .flatMap(
                            node ->
                                hardFallback
                                    ? c.softRebootFailed(node, reason, now)
                                    : refused
                                        ? c.rebootRefused(node, result.message(), now)
                                        : Optional.empty())
                        .orElseGet(() -> c.jobFailed(reason, job.instances(), now)))
        .toList();
  }

  /** Log lines for what happened to each campaign since {@code before}. */
  static List<LogLine> changes(List<Campaign> before, List<Campaign> after) {
    List<LogLine> out = new ArrayList<>();
    for (Campaign c : after) {
      int seen =
          before.stream()
              .filter(b -> b.id().equals(c.id()))
              .findFirst()
              .map(b -> b.history().size())
              .orElse(0);
      for (CampaignEvent e :
          c.history().subList(Math.min(seen, c.history().size()), c.history().size())) {
        out.add(LogLine.info("[campaign=" + c.id() + "] " + e.event() + ": " + e.detail()));
      }
    }
    return out;
  }
}
