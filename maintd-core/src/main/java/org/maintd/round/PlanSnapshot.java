package org.maintd.round;

import java.time.Instant;
import java.util.List;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.plan.PlanItem;

/**
 * What the last tick planned, for {@code GET /1/plan}: the jobs the next round would submit,
 * whether the round is held back and why, and for every incident and every other item what happens
 * next or why it waits. Planned on the latest snapshot; nothing in it has been submitted.
 */
public record PlanSnapshot(
    Instant at,
    long round,
    String heldBack,
    List<JobSpec> jobs,
    List<Incident> incidents,
    List<PlanItem> items) {
  public PlanSnapshot {
    jobs = List.copyOf(jobs);
    incidents = List.copyOf(incidents);
    items = List.copyOf(items);
  }

  public static PlanSnapshot none() {
    return new PlanSnapshot(
        null,
        0,
        "no round planned yet: the daemon has not completed a poll",
        List.of(),
        List.of(),
        List.of());
  }
}
