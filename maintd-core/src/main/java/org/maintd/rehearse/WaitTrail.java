package org.maintd.rehearse;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.maintd.incident.Incident;
import org.maintd.plan.PlanItem;
import org.maintd.round.PlanSnapshot;
import org.maintd.wait.WaitKind;
import org.maintd.wait.WaitReason;

/**
 * The waits a rehearsal saw, from the plan of each tick: a wait begins at the first tick whose plan
 * names it and ends at the first tick whose plan no longer does (or, still waiting, when the
 * rehearsal ends); the same subject waiting for another reason is another wait. The round waiting
 * for its own jobs is the work going on, not a wait. Immutable: each tick gives a new trail.
 */
public record WaitTrail(Map<String, Waited> open, List<Waited> ended) {
  /** What the round waiting for its jobs, or for a first poll, is: progress, not a wait. */
  private static final Set<WaitKind> PROGRESS = Set.of(WaitKind.JOBS_RUNNING, WaitKind.NOT_PLANNED);

  public WaitTrail {
    open = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(open));
    ended = List.copyOf(ended);
  }

  public static WaitTrail empty() {
    return new WaitTrail(Map.of(), List.of());
  }

  /** This trail once the plan of the tick at {@code at} has been seen. */
  public WaitTrail seen(PlanSnapshot plan, Instant at) {
    Map<String, WaitReason> now = waits(plan);
    Map<String, Waited> stillOpen = new LinkedHashMap<>();
    List<Waited> done = new ArrayList<>(ended);
    open.forEach(
        (what, w) -> {
          WaitReason same = now.get(what);
          if (same != null && same.text().equals(w.text())) {
            stillOpen.put(what, w);
          } else {
            done.add(new Waited(what, w.kind(), w.text(), w.from(), at, false));
          }
        });
    now.forEach(
        (what, why) ->
            stillOpen.computeIfAbsent(
                what, k -> new Waited(what, why.kind(), why.text(), at, at, true)));
    return new WaitTrail(stillOpen, done);
  }

  /** Every wait, in the order they began, those still open ending at {@code end}. */
  public List<Waited> at(Instant end) {
    List<Waited> all = new ArrayList<>(ended);
    open.values()
        .forEach(w -> all.add(new Waited(w.what(), w.kind(), w.text(), w.from(), end, true)));
    all.sort(java.util.Comparator.comparing(Waited::from));
    return all;
  }

  /** What waits in {@code plan}, by what waits. */
  static Map<String, WaitReason> waits(PlanSnapshot plan) {
    Map<String, WaitReason> all = new LinkedHashMap<>();
    plan.held().filter(w -> !PROGRESS.contains(w.waitKind())).ifPresent(w -> all.put("round", w));
    plan.plannedWorkHeld().ifPresent(w -> all.put("planned work", w));
    for (Incident i : plan.incidents()) {
      WaitReason why = plan.waitingIncidents().get(i.uuid());
      if (why != null && !PROGRESS.contains(why.waitKind())) {
        all.put(incident(i), why);
      }
    }
    for (PlanItem item : plan.items()) {
      item.next()
          .waits()
          .filter(w -> !PROGRESS.contains(w.waitKind()))
          .ifPresent(w -> all.put(item.kind() + " " + item.id(), w));
    }
    return all;
  }

  private static String incident(Incident i) {
    UUID id = i.uuid();
    return "incident " + id + " (" + i.diagnosis().status().wireName() + " " + i.node() + ")";
  }
}
