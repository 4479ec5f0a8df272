package org.maintd.round;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.plan.PlanItem;
import org.maintd.wait.RoundHold;
import org.maintd.wait.WaitReason;

/**
 * What the last tick planned, for {@code GET /1/plan}: the jobs the next round would submit,
 * whether the round is held back and why, and for every incident and every other item what happens
 * next or why it waits (the incidents that wait, with why), and why planned work waits (the guard's
 * answer, whether or not planned work is pending). Planned on the latest snapshot; nothing in it
 * has been submitted.
 */
public record PlanSnapshot(
    Instant at,
    long round,
    Optional<WaitReason> held,
    List<JobSpec> jobs,
    List<Incident> incidents,
    Map<UUID, WaitReason> waitingIncidents,
    List<PlanItem> items,
    Optional<WaitReason> plannedWorkHeld) {
  public PlanSnapshot {
    jobs = List.copyOf(jobs);
    incidents = List.copyOf(incidents);
    waitingIncidents = Map.copyOf(waitingIncidents);
    items = List.copyOf(items);
  }

  public static PlanSnapshot none() {
    return new PlanSnapshot(
        null,
        0,
        Optional.of(new RoundHold.NotPlanned()),
        List.of(),
        List.of(),
        Map.of(),
        List.of(),
        Optional.empty());
  }

  /** Why the round is held back; empty when it is ready to go. */
  public String heldBack() {
    return held.map(WaitReason::text).orElse("");
  }

  /** How many incidents and other items wait, by the kind of what they wait for. */
  public Map<String, Long> waitsByKind() {
    Map<String, Long> out = new TreeMap<>();
    waitingIncidents.values().forEach(w -> out.merge(w.kind(), 1L, Long::sum));
    items.forEach(i -> i.next().waits().ifPresent(w -> out.merge(w.kind(), 1L, Long::sum)));
    return out;
  }
}
