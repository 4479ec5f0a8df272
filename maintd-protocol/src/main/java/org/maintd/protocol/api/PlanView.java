package org.maintd.protocol.api;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.plan.PlanItem;

/**
 * {@code /1/plan}: what the next round would submit, planned on the latest snapshot, whether it is
 * held back and why, and for every incident and other item what happens next or why it waits.
 */
public record PlanView(
    Double time, long round, String held_back, List<Job> jobs, List<Item> items) {

  /** A job the round would submit: its key, owner, operations in order, and reason text. */
  public record Job(String key, String owner, List<Operation> operations, String reason) {}

  /**
   * An incident ({@code kind} {@code incident}), or another item (an instance to repair, a group to
   * balance).
   */
  public record Item(
      String kind, String uuid, String node, String action, String status, String next) {}

  public static PlanView of(
      Instant at,
      long round,
      String heldBack,
      List<JobSpec> jobs,
      List<Incident> incidents,
      List<PlanItem> others) {
    List<Item> items = new ArrayList<>();
    for (Incident i : incidents) {
      items.add(
          new Item(
              "incident",
              i.uuid().toString(),
              i.node(),
              i.diagnosis().status().wireName(),
              i.status().wireName(),
              i.next()));
    }
    others.forEach(p -> items.add(new Item(p.kind(), p.id(), null, null, null, p.next())));
    return new PlanView(
        Times.secondsOrNull(at),
        round,
        heldBack,
        jobs.stream()
            .map(j -> new Job(j.key(), j.owner(), j.operations(), j.reason().text()))
            .toList(),
        items);
  }
}
