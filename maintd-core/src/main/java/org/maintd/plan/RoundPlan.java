package org.maintd.plan;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maintd.job.JobSpec;

/**
 * What a round will do: the jobs to submit (none conflict), the incidents whose work is complete
 * (to be tagged {@code repairready}), and for every incident what happens next or why it waits.
 */
public record RoundPlan(List<JobSpec> jobs, List<UUID> completed, Map<UUID, String> next) {
  public RoundPlan {
    jobs = List.copyOf(jobs);
    completed = List.copyOf(completed);
    next = Map.copyOf(next);
  }
}
