package org.maintd.rehearse;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.plan.PlanItem;
import org.maintd.round.PlanSnapshot;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.RoundHold;
import org.maintd.wait.ScheduleWait;
import org.maintd.wait.WaitReason;

/**
 * The times a plan waits for: the end of the round delay, the opening of the allowed hours, the
 * start of a maintenance window. Stateless.
 */
public final class Wakeups {
  private Wakeups() {}

  /** The earliest time {@code plan} waits for after {@code now}; empty when it waits for none. */
  public static Optional<Instant> earliest(PlanSnapshot plan, Instant now) {
    return reasons(plan).stream()
        .map(w -> until(w, plan.at()))
        .flatMap(Optional::stream)
        .filter(t -> t.isAfter(now))
        .min(Instant::compareTo);
  }

  /** Every reason for a wait in {@code plan}: the round's, planned work's, each item's. */
  static List<WaitReason> reasons(PlanSnapshot plan) {
    List<WaitReason> all = new ArrayList<>();
    plan.held().ifPresent(all::add);
    plan.plannedWorkHeld().ifPresent(all::add);
    all.addAll(plan.waitingIncidents().values());
    plan.items().stream().map(PlanItem::next).forEach(n -> n.waits().ifPresent(all::add));
    return all;
  }

  /** The time {@code why} waits for, as the plan made at {@code at} says; empty when none. */
  static Optional<Instant> until(WaitReason why, Instant at) {
    if (why instanceof RoundHold.RoundDelay d) {
      return Optional.of(at.plusSeconds(d.secondsLeft()));
    }
    if (why instanceof PlannedWorkHold.OutsideAllowedHours h) {
      return Optional.of(h.opens().toInstant());
    }
    if (why instanceof ScheduleWait.WindowNotStarted w) {
      return Optional.of(w.start());
    }
    return Optional.empty();
  }
}
