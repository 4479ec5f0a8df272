package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.Incident;
import org.maintd.plan.Next;
import org.maintd.plan.PlanItem;
import org.maintd.round.PlanSnapshot;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.RoundHold;
import org.maintd.wait.WaitReason;

/** The waits of a rehearsal, from the plans of its ticks. */
class WaitTrailTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);
  private static final WaitReason CAP =
      new CapacityWait.CapReached("group g", List.of("n3"), 1, "maxUnavailable");
  private static final WaitReason ALERTS = new PlannedWorkHold.AlertsActive(List.of("DiskFull"));

  private static Instant at(long s) {
    return T0.plusSeconds(s);
  }

  private static PlanSnapshot plan(Optional<WaitReason> held, List<PlanItem> items) {
    return new PlanSnapshot(T0, 1, held, List.of(), List.of(), Map.of(), items, Optional.empty());
  }

  private static PlanItem item(String id, WaitReason why) {
    return new PlanItem("reboot", id, Next.waits(why));
  }

  @Test
  void aWaitLastsFromTheFirstPlanThatNamesItToTheFirstThatDoesNot() {
    WaitTrail t =
        WaitTrail.empty()
            .seen(plan(Optional.empty(), List.of(item("n4", CAP))), at(0))
            .seen(plan(Optional.empty(), List.of(item("n4", CAP))), at(30))
            .seen(plan(Optional.empty(), List.of()), at(60));
    assertEquals(
        List.of(new Waited("reboot n4", "cap", CAP.text(), at(0), at(60), false)), t.at(at(90)));
  }

  @Test
  void aWaitForAnotherReasonIsAnotherWaitAndOneStillOpenEndsWithTheRehearsal() {
    WaitTrail t =
        WaitTrail.empty()
            .seen(plan(Optional.empty(), List.of(item("n4", CAP))), at(0))
            .seen(plan(Optional.empty(), List.of(item("n4", ALERTS))), at(30));
    assertEquals(
        List.of(
            new Waited("reboot n4", "cap", CAP.text(), at(0), at(30), false),
            new Waited("reboot n4", "alert", ALERTS.text(), at(30), at(90), true)),
        t.at(at(90)));
    assertEquals(List.of("reboot n4"), List.copyOf(t.open().keySet()));
  }

  @Test
  void waitsAreListedInTheOrderTheyBeganWhetherEndedOrStillOpen() {
    WaitTrail t =
        WaitTrail.empty()
            .seen(plan(Optional.empty(), List.of(item("n4", CAP))), at(0))
            .seen(plan(Optional.empty(), List.of(item("n4", CAP), item("n5", CAP))), at(30))
            .seen(plan(Optional.empty(), List.of(item("n4", CAP))), at(60));
    assertEquals(
        List.of("reboot n4", "reboot n5"), t.at(at(90)).stream().map(Waited::what).toList());
  }

  @Test
  void theRoundWaitingForItsJobsIsProgressNotAWait() {
    PlanSnapshot p =
        new PlanSnapshot(
            T0,
            1,
            Optional.of(new RoundHold.JobsRunning(List.of("7"), 1)),
            List.of(),
            List.of(),
            Map.of(),
            List.of(
                new PlanItem("reboot", "n4", Next.waits(new RoundHold.JobsRunning(List.of(), 1)))),
            Optional.of(ALERTS));
    assertEquals(Map.of("planned work", ALERTS), WaitTrail.waits(p));
    PlanSnapshot paused =
        new PlanSnapshot(
            T0,
            1,
            Optional.of(new RoundHold.Paused("ops")),
            List.of(),
            List.of(),
            Map.of(),
            List.of(),
            Optional.empty());
    assertEquals(Map.of("round", new RoundHold.Paused("ops")), WaitTrail.waits(paused));
  }

  @Test
  void anIncidentWaitsUnderItsNodeAndActionUnlessItWaitsForItsJobs() {
    Diagnosis d = new Diagnosis(DiagnoseStatus.EVACUATE, Optional.empty(), Map.of());
    Incident waiting = Incident.noted(new UUID(0, 1), "n3", d, T0);
    Incident going = Incident.noted(new UUID(0, 2), "n5", d, T0);
    Incident quiet = Incident.noted(new UUID(0, 3), "n6", d, T0);
    PlanSnapshot p =
        new PlanSnapshot(
            T0,
            1,
            Optional.empty(),
            List.of(),
            List.of(waiting, going, quiet),
            Map.of(waiting.uuid(), CAP, going.uuid(), new RoundHold.JobsRunning(List.of("1"), 1)),
            List.of(),
            Optional.empty());
    assertEquals(Map.of("incident " + waiting.uuid() + " (evacuate n3)", CAP), WaitTrail.waits(p));
  }
}
