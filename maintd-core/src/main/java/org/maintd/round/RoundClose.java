package org.maintd.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.harep.HarepOwner;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.maintenance.MachineJobs;
import org.maintd.maintenance.Maintenance;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * The end of a round. While one of its jobs is not submitted yet or has not finished (a job whose
 * status the tick did not bring counts as running), the round goes on. Once all have finished, a
 * failed, canceled, lost or unknown job fails the incident that owns it (or stops the campaign that
 * owns it, what it makes of the failure logged as any campaign event is), and the round's jobs and
 * intents are cleared. Stateless.
 */
final class RoundClose {
  private RoundClose() {}

  /**
   * What the round still waits for: the keys of jobs not submitted yet, else the ids of jobs not
   * finished.
   */
  static List<String> running(Turn t) {
    List<String> unsubmitted =
        t.state.intents().stream().filter(i -> !i.submitted()).map(i -> i.job().key()).toList();
    if (!unsubmitted.isEmpty()) {
      return unsubmitted;
    }
    List<String> unfinished = new ArrayList<>();
    for (Intent intent : t.state.intents()) {
      JobState job = t.inputs.jobs().get(intent.jobId());
      if (job == null || !job.status().isFinished()) {
        unfinished.add(intent.jobId());
      }
    }
    return unfinished;
  }

  /** Accounts the finished round to its owners and clears it. */
  static void close(Turn t) {
    for (Intent intent : t.state.intents()) {
      JobState result = t.inputs.jobs().get(intent.jobId());
      String owner = intent.job().owner();
      t.finished.add(
          new FinishedJob(
              ownerKind(owner),
              intent.job().operations().isEmpty()
                  ? "none"
                  : intent.job().operations().get(0).kind(),
              result.status().wireName()));
      if (result.status() == JobStatus.SUCCESS) {
        t.log.add(LogLine.info("[owner=" + owner + "] [job=" + intent.jobId() + "] succeeded"));
      } else {
        failed(
            t,
            intent,
            result,
            "job " + intent.jobId() + " " + result.status().wireName() + ": " + result.message());
      }
    }
    t.state = t.state.withJobs(List.of(), List.of());
  }

  private static void failed(Turn t, Intent intent, JobState result, String reason) {
    JobSpec job = intent.job();
    String owner = job.owner();
    t.log.add(LogLine.warn("[owner=" + owner + "] " + reason));
    if (ownerKind(owner).equals("machine")) {
      Maintenance before = t.state.maintenance();
      t.state =
          t.state.withMaintenance(
              MachineJobs.failed(before, job, intent.jobId(), reason, t.cluster, t.now));
      t.log.addAll(Scheduling.changes(before, t.state.maintenance()));
      return;
    }
    Optional<String> cycle = org.maintd.reboot.NodeCycle.OWNERS.idOf(owner);
    if (cycle.isPresent()) {
      RebootLog.jobFailed(t, cycle.get(), reason);
      return;
    }
    Optional<String> campaign = Campaign.OWNERS.idOf(owner);
    if (campaign.isPresent()) {
      List<Campaign> before = t.state.campaigns();
      t.state =
          t.state.withCampaigns(
              CampaignList.jobFailed(
                  before,
                  campaign.get(),
                  reason,
                  result,
                  job,
                  !t.settings.hardRebootAfter().isZero(),
                  t.now));
      t.log.addAll(CampaignList.changes(before, t.state.campaigns()));
      return;
    }
    t.incident(owner)
        .filter(RoundClose::accountable)
        .ifPresent(inc -> t.replaceIncident(inc.uuid(), i -> t.lifecycle.failed(i, reason, t.now)));
  }

  private static boolean accountable(Incident i) {
    return i.status().isActive() || i.status() == IncidentStatus.CANCELED;
  }

  /**
   * Whether {@code owner} is an incident that has ended: cancelled, failed or completed, or no
   * longer in the state at all (forgotten). Its jobs are not submitted, nor asked for again.
   */
  static boolean endedIncident(MaintdState state, String owner) {
    if (!ownerKind(owner).equals("incident")) {
      return false;
    }
    return state.incidents().stream()
        .filter(i -> i.uuid().toString().equals(owner))
        .findFirst()
        .map(i -> !i.status().isActive())
        .orElse(true);
  }

  static String ownerKind(String owner) {
    if (HarepOwner.parse(owner).isPresent()) {
      return "harep";
    }
    for (String kind : List.of("balance", "campaign", "machine", "health", "reboot")) {
      if (owner.startsWith(kind + ":")) {
        return kind;
      }
    }
    return "incident";
  }
}
