package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.plan.Next;
import org.maintd.plan.PlanItem;
import org.maintd.round.PlanSnapshot;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.RoundHold;
import org.maintd.wait.ScheduleWait;
import org.maintd.wait.WaitReason;

/** The times a plan waits for, and the earliest one to come. */
class WakeupsTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);

  private static PlanSnapshot plan(
      Optional<WaitReason> held, Optional<WaitReason> planned, List<WaitReason> items) {
    return new PlanSnapshot(
        T0,
        1,
        held,
        List.of(),
        List.of(),
        Map.of(),
        items.stream().map(w -> new PlanItem("balance", "g", Next.waits(w))).toList(),
        planned);
  }

  @Test
  void eachKindOfTimedWaitGivesItsTime() {
    assertEquals(Optional.of(T0.plusSeconds(40)), Wakeups.until(new RoundHold.RoundDelay(40), T0));
    assertEquals(
        Optional.of(T0.plusSeconds(7200)),
        Wakeups.until(
            new PlannedWorkHold.OutsideAllowedHours(
                "mo-su", T0.plusSeconds(7200).atZone(ZoneOffset.UTC)),
            T0));
    assertEquals(
        Optional.of(T0.plusSeconds(60)),
        Wakeups.until(new ScheduleWait.WindowNotStarted(T0.plusSeconds(60), "drains n5"), T0));
    assertEquals(Optional.empty(), Wakeups.until(new RoundHold.Paused("ops"), T0));
  }

  @ParameterizedTest
  @CsvSource({
    "40, 7200, 60, 0, 40",
    "400, 7200, 60, 0, 60",
    "400, 50, 60, 0, 50",
    "400, 50, 60, 50, 60",
    "400, 50, 60, 60, 400",
    "400, 50, 60, 400, -1"
  })
  void theEarliestTimeAfterNowIsTheWakeUp(
      long delay, long opens, long window, long now, long expected) {
    PlanSnapshot p =
        plan(
            Optional.of(new RoundHold.RoundDelay(delay)),
            Optional.of(
                new PlannedWorkHold.OutsideAllowedHours(
                    "mo-su", T0.plusSeconds(opens).atZone(ZoneOffset.UTC))),
            List.of(
                new ScheduleWait.WindowNotStarted(T0.plusSeconds(window), "drains n5"),
                new CapacityWait.NoTarget("room", List.of())));
    assertEquals(
        expected < 0 ? Optional.empty() : Optional.of(T0.plusSeconds(expected)),
        Wakeups.earliest(p, T0.plusSeconds(now)));
  }

  @Test
  void theIncidentsWaitsCount() {
    PlanSnapshot p =
        new PlanSnapshot(
            T0,
            1,
            Optional.empty(),
            List.of(),
            List.of(),
            Map.of(new UUID(0, 1), new ScheduleWait.WindowNotStarted(T0.plusSeconds(9), "x")),
            List.of(),
            Optional.empty());
    assertEquals(Optional.of(T0.plusSeconds(9)), Wakeups.earliest(p, T0));
    assertEquals(Optional.empty(), Wakeups.earliest(PlanSnapshot.none(), T0));
  }
}
