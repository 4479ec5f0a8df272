package org.maintd.protocol.api;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.plan.PlanItem;
import org.maintd.wait.WaitReason;

/**
 * {@code /1/plan}: what the next round would submit, planned on the latest snapshot, whether it is
 * held back and why (and the kind of why), why planned work waits ({@code planned_work_held}: the
 * allowed hours or the alert interlock; null when it may start), and for every incident and other
 * item what happens next or why it waits, with the kind of what it waits for ({@code waits}, null
 * when it does not wait).
 */
public record PlanView(
    Double time,
    long round,
    String held_back,
    String held_back_kind,
    Held planned_work_held,
    List<Job> jobs,
    List<Item> items) {

  /** Why planned work waits: its kind ({@code allowed-hours}, {@code alert}, ...) and its text. */
  public record Held(String kind, String text) {}

  /** A job the round would submit: its key, owner, operations in order, and reason text. */
  public record Job(String key, String owner, List<Operation> operations, String reason) {}

  /**
   * An incident ({@code kind} {@code incident}), or another item (an instance to repair, a group to
   * balance).
   */
  public record Item(
      String kind,
      String uuid,
      String node,
      String action,
      String status,
      String next,
      String waits) {}

  public static PlanView of(
      Instant at,
      long round,
      java.util.Optional<WaitReason> held,
      List<JobSpec> jobs,
      List<Incident> incidents,
      Map<UUID, WaitReason> waiting,
      List<PlanItem> others,
      java.util.Optional<WaitReason> plannedWorkHeld) {
    List<Item> items = new ArrayList<>();
    for (Incident i : incidents) {
      WaitReason why = waiting.get(i.uuid());
      items.add(
          new Item(
              "incident",
              i.uuid().toString(),
              i.node(),
              i.diagnosis().status().wireName(),
              i.status().wireName(),
              i.next(),
              why == null ? null : why.kind()));
    }
    others.forEach(
        p ->
            items.add(
                new Item(
                    p.kind(),
                    p.id(),
                    null,
                    null,
                    null,
                    p.next().text(),
                    p.next().waits().map(WaitReason::kind).orElse(null))));
    return new PlanView(
        Times.secondsOrNull(at),
        round,
        held.map(WaitReason::text).orElse(""),
        held.map(WaitReason::kind).orElse(null),
        plannedWorkHeld.map(w -> new Held(w.kind(), w.text())).orElse(null),
        jobs.stream()
            .map(j -> new Job(j.key(), j.owner(), j.operations(), j.reason().text()))
            .toList(),
        items);
  }
}
