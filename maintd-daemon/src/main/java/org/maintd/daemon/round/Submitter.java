package org.maintd.daemon.round;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.job.JobSpec;
import org.maintd.spi.BackendException;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step 4 of a round: persists the planned jobs as intents, submits them, persists their ids. An
 * intent without an id (the daemon died, or the backend failed, between the two writes) is first
 * looked up in the backend by its key; only a job that is not there is submitted. No job is ever
 * submitted twice. Not thread-safe; used by the loop.
 */
final class Submitter {
  private static final Logger log = LoggerFactory.getLogger(Submitter.class);

  private final JobRouter router;
  private final Lifecycle lifecycle;
  private final StateHolder holder;

  Submitter(JobRouter router, Lifecycle lifecycle, StateHolder holder) {
    this.router = router;
    this.lifecycle = lifecycle;
    this.holder = holder;
  }

  void submit(List<JobSpec> jobs, Instant now) {
    submit(jobs, now, s -> s);
  }

  /** Submits, storing {@code alongside} (what the round decided besides its jobs) with the intents. */
  void submit(List<JobSpec> jobs, Instant now, java.util.function.UnaryOperator<MaintdState> alongside) {
    List<Intent> intents = jobs.stream().map(j -> new Intent(j, "")).toList();
    holder.update(s -> alongside.apply(s.withJobs(List.of(), intents).withRound(s.round() + 1)));
    CrashPoint.reached("after-intents");
    boolean reboots = jobs.stream().anyMatch(j -> j.operations().stream().anyMatch(op -> op instanceof org.maintd.job.Operation.RebootNode));
    if (reboots) {
      CrashPoint.reached("after-reboot-intents");
    }
    resolve(now);
    if (reboots) {
      CrashPoint.reached("after-reboot-submitted");
    }
  }

  /** Gives every intent of the current round a job id, then records the ids with the incidents. */
  void resolve(Instant now) {
    MaintdState state = holder.get();
    if (state.intents().stream().allMatch(Intent::submitted)) {
      return;
    }
    List<Intent> done = new ArrayList<>();
    for (Intent intent : state.intents()) {
      done.add(intent.submitted() ? intent : intent.withJobId(idFor(intent.job())));
    }
    CrashPoint.reached("after-submit");
    holder.update(s -> record(s, done, now));
  }

  /** The job's id: found by its key, or from a new submission; empty when the backend failed. */
  private String idFor(JobSpec job) {
    try {
      List<String> existing = router.find(job);
      if (!existing.isEmpty()) {
        log.info("[incident={}] job {} was already submitted as {}; not submitting it again", job.owner(), job.key(), existing.get(0));
        return existing.get(0);
      }
      String id = router.submit(job);
      log.info("[incident={}] [job={}] submitted: {}", job.owner(), id, job.reason().text());
      return id;
    } catch (BackendException e) {
      log.warn("[incident={}] submitting {} failed, will look it up and retry: {}", job.owner(), job.key(), e.getMessage());
      return lookUpAfterFailure(job);
    }
  }

  private String lookUpAfterFailure(JobSpec job) {
    try {
      List<String> found = router.find(job);
      return found.isEmpty() ? "" : found.get(0);
    } catch (BackendException e) {
      return "";
    }
  }

  private MaintdState record(MaintdState s, List<Intent> intents, Instant now) {
    Map<String, List<String>> idsByOwner = new LinkedHashMap<>();
    Map<String, List<String>> whatByOwner = new LinkedHashMap<>();
    for (Intent i : intents) {
      boolean fresh = s.intents().stream().anyMatch(old -> old.job().key().equals(i.job().key()) && !old.submitted());
      if (i.submitted() && fresh) {
        idsByOwner.computeIfAbsent(i.job().owner(), k -> new ArrayList<>()).add(i.jobId());
        whatByOwner.computeIfAbsent(i.job().owner(), k -> new ArrayList<>()).add(i.job().reason().text());
      }
    }
    List<Incident> incidents = s.incidents().stream()
        .map(inc -> idsByOwner.containsKey(inc.uuid().toString())
            ? lifecycle.submitted(inc, idsByOwner.get(inc.uuid().toString()),
                String.join("; ", whatByOwner.get(inc.uuid().toString())), now)
            : inc)
        .toList();
    List<String> ids = intents.stream().filter(Intent::submitted).map(Intent::jobId).toList();
    return s.withIncidents(incidents).withJobs(ids, intents);
  }
}
