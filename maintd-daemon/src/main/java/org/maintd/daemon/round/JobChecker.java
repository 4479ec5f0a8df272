package org.maintd.daemon.round;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.harep.HarepOwner;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step 1 of a round: looks at every job of the previous round. While one still runs, the round is
 * not over. Once all have finished, a failed, canceled, lost or unknown job fails the incident
 * that owns it (or stops the campaign that owns it), and the round's jobs and intents are
 * cleared. Not thread-safe; used by the loop.
 */
final class JobChecker {
  private static final Logger log = LoggerFactory.getLogger(JobChecker.class);

  private final JobRouter router;
  private final Lifecycle lifecycle;

  private final DaemonMetrics metrics;

  JobChecker(JobRouter router, Lifecycle lifecycle, DaemonMetrics metrics) {
    this.router = router;
    this.lifecycle = lifecycle;
    this.metrics = metrics;
  }

  /** The jobs of the round that have not finished yet. */
  List<String> unfinished(MaintdState state) {
    List<String> running = new ArrayList<>();
    for (Intent intent : state.intents()) {
      if (intent.submitted() && !router.job(intent.jobId(), intent.job()).status().isFinished()) {
        running.add(intent.jobId());
      }
    }
    return running;
  }

  /** Accounts the finished round to its incidents and clears it. */
  MaintdState close(MaintdState state, Instant now) {
    List<Incident> incidents = state.incidents();
    List<org.maintd.campaign.Campaign> campaigns = state.campaigns();
    for (Intent intent : state.intents()) {
      JobState result = router.job(intent.jobId(), intent.job());
      String owner = intent.job().owner();
      metrics.jobFinished(HarepOwner.parse(owner).isPresent() ? "harep" : owner.startsWith("balance:") ? "balance"
          : owner.startsWith("campaign:") ? "campaign" : "incident",
          intent.job().operations().isEmpty() ? "none" : intent.job().operations().get(0).kind(), result.status().wireName());
      if (result.status() == JobStatus.SUCCESS) {
        log.info("[incident={}] [job={}] succeeded", owner, intent.jobId());
        continue;
      }
      String reason = "job " + intent.jobId() + " " + result.status().wireName() + ": " + result.message();
      log.warn("[incident={}] [job={}] {}", owner, intent.jobId(), reason);
      java.util.Optional<String> campaign = org.maintd.campaign.Campaign.idOfOwner(owner);
      if (campaign.isPresent()) {
        campaigns = CampaignSteps.jobFailed(campaigns, campaign.get(), reason, now);
        continue;
      }
      incidents = incidents.stream()
          .map(i -> i.uuid().toString().equals(owner) && (i.status().isActive() || i.status() == org.maintd.incident.IncidentStatus.CANCELED)
              ? lifecycle.failed(i, reason, now) : i)
          .toList();
    }
    return state.withIncidents(incidents).withCampaigns(campaigns).withJobs(List.of(), List.of());
  }
}
