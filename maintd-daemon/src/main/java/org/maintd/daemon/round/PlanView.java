package org.maintd.daemon.round;

import java.time.Instant;
import java.util.List;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.plan.PlanItem;

/**
 * What the last tick planned, for {@code GET /1/plan}: the jobs the next round would submit,
 * whether the round is held back and why, and for every incident and every other item (an
 * instance to repair) what happens next or why it waits. Planned on the latest snapshot; nothing in it has been submitted.
 */
public record PlanView(
    Instant at, long round, String heldBack, List<JobSpec> jobs, List<Incident> incidents, List<PlanItem> items) {
  public PlanView {
    jobs = List.copyOf(jobs);
    incidents = List.copyOf(incidents);
    items = List.copyOf(items);
  }

  public static PlanView none() {
    return new PlanView(null, 0, "no round planned yet: the daemon has not completed a poll", List.of(), List.of(), List.of());
  }
}
