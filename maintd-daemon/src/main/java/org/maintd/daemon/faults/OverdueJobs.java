package org.maintd.daemon.faults;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;

/**
 * {@link FaultKind#JOB_OVERDUE} from the jobs each tick reads: a job of the cluster's that has been
 * unfinished longer than its {@link JobLimits limit} since this daemon first saw it so. Only
 * watched: the round never submits a job again because it runs long. The fault names each overdue
 * job with its age and clears once none is; a job is forgotten once it ends or is no longer
 * watched. Thread-safe.
 */
public final class OverdueJobs implements RunnerListener {
  private final Faults faults;
  private final JobLimits limits;
  private final Predicate<String> clusters;
  private final Map<String, Instant> unfinishedSince = new HashMap<>();

  /** Raises into {@code faults} for the jobs {@code clusters} says are the cluster's (by id). */
  public OverdueJobs(Faults faults, JobLimits limits, Predicate<String> clusters) {
    this.faults = faults;
    this.limits = limits;
    this.clusters = clusters;
  }

  @Override
  public synchronized void jobsRead(
      Map<String, Optional<JobSpec>> watched, Map<String, JobState> states, Instant now) {
    unfinishedSince.keySet().removeIf(id -> !unfinished(states.get(id)));
    List<String> overdue = new ArrayList<>();
    for (Map.Entry<String, JobState> e : states.entrySet()) {
      String id = e.getKey();
      if (!clusters.test(id) || !unfinished(e.getValue())) {
        continue;
      }
      Instant since = unfinishedSince.computeIfAbsent(id, i -> now);
      Duration age = Duration.between(since, now);
      Optional<JobSpec> spec = watched.getOrDefault(id, Optional.empty());
      Duration limit = limits.of(spec);
      if (age.compareTo(limit) > 0) {
        overdue.add(says(id, spec, age, limit));
      }
    }
    faults.set(
        FaultKind.JOB_OVERDUE,
        !overdue.isEmpty(),
        String.join("; ", overdue) + " (watched to its end, never submitted again)");
  }

  private static boolean unfinished(JobState state) {
    return state != null && !state.status().isFinished();
  }

  private static String says(String id, Optional<JobSpec> spec, Duration age, Duration limit) {
    return "job "
        + id
        + spec.map(
                j ->
                    " ("
                        + String.join(", ", j.operations().stream().map(o -> o.kind()).toList())
                        + ")")
            .orElse("")
        + " unfinished for "
        + age.toSeconds()
        + " s, past its "
        + limit.toSeconds()
        + " s";
  }
}
