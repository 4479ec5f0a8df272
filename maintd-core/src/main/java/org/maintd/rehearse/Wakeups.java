package org.maintd.rehearse;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.DailyWindow;
import org.maintd.maintenance.Schedule;
import org.maintd.plan.PlanItem;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.MaintdState;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.RoundHold;
import org.maintd.wait.ScheduleWait;
import org.maintd.wait.WaitReason;

/**
 * The times a plan waits for: the end of the round delay, the opening of the allowed hours, the
 * start of a maintenance window; and the times the state's own plans move at, which the plan need
 * not name as waits: a window's machines are kept free of moves from twice {@code drainAhead}
 * before it, drained from {@code drainAhead} before it, started, and over at its end; a campaign
 * outside its daily windows starts its next group when one opens. Stateless.
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

  /**
   * The earliest time after {@code now} that {@code plan} waits for, a window of {@code state}'s
   * schedule moves at ({@code drainAhead} being how long before its start a machine drains), or a
   * daily window of one of its campaigns under way opens; empty when there is none.
   */
  public static Optional<Instant> earliest(
      PlanSnapshot plan, MaintdState state, Duration drainAhead, Instant now) {
    return Stream.of(
            earliest(plan, now),
            windows(state.maintenance().schedule(), drainAhead, now),
            openings(state.campaigns(), now))
        .flatMap(Optional::stream)
        .min(Instant::compareTo);
  }

  /** The earliest time after {@code now} at which a window of {@code schedule} moves. */
  static Optional<Instant> windows(Schedule schedule, Duration drainAhead, Instant now) {
    return schedule.windows().stream()
        .flatMap(
            w ->
                Stream.concat(
                    Stream.of(
                        w.start().minus(drainAhead.multipliedBy(2)),
                        w.start().minus(drainAhead),
                        w.start()),
                    w.end().stream()))
        .filter(t -> t.isAfter(now))
        .min(Instant::compareTo);
  }

  /**
   * The earliest time after {@code now} at which a daily window opens of a campaign under way that
   * is outside all of its windows at {@code now}.
   */
  static Optional<Instant> openings(List<Campaign> campaigns, Instant now) {
    return campaigns.stream()
        .filter(c -> c.status().isActive() && !c.spec().inWindow(now))
        .flatMap(c -> c.spec().windows().stream())
        .map(w -> opening(w, now))
        .min(Instant::compareTo);
  }

  /** The first time after {@code now} that {@code w} opens. */
  static Instant opening(DailyWindow w, Instant now) {
    Instant today =
        LocalDate.ofInstant(now, ZoneOffset.UTC).atTime(w.start()).toInstant(ZoneOffset.UTC);
    return today.isAfter(now) ? today : today.plus(Duration.ofDays(1));
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
