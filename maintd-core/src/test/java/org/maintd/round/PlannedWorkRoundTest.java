package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.fault;
import static org.maintd.round.StepDriver.ok;
import static org.maintd.round.StepDriver.submits;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.campaign.NodePhase;
import org.maintd.guard.Alert;
import org.maintd.guard.AlertFilter;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AlertState;
import org.maintd.guard.AllowedHours;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.job.JobSpec;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.spi.CollectorReading;
import org.maintd.wait.WaitReason;

/**
 * Planned work in the round under its guard, on a controlled clock: a campaign waits outside the
 * allowed hours and starts at their opening; one under way stops at a safe point when they close
 * and goes on at the next opening, while a fault's repair goes on regardless; an active alert holds
 * it until it clears.
 */
class PlannedWorkRoundTest {
  private static final PlannedWorkGuard NIGHTS =
      new PlannedWorkGuard(
          Optional.of(
              new AllowedHours(
                  EnumSet.allOf(DayOfWeek.class),
                  LocalTime.of(22, 0),
                  LocalTime.of(6, 0),
                  ZoneId.of("UTC"))),
          Optional.empty());
  private static final String OUTSIDE = "outside the allowed hours (mo-su 22:00-06:00 UTC)";

  private static StepDriver startedAt(PlannedWorkGuard guard, Instant at) {
    StepDriver d = new StepDriver(Settings.defaults().withGuard(guard));
    d.now = at;
    d.tick(Map.of("n4", ok()));
    d.command(new Command.StartCampaign(PlanningTest.oneNode("n4"), "alice"));
    return d;
  }

  private static List<Operation> operations(StepResult r) {
    return submits(r).stream().map(JobSpec::operations).flatMap(List::stream).toList();
  }

  @Test
  void aCampaignWaitsOutsideTheAllowedHoursAndStartsAtTheirOpening() {
    StepDriver d = startedAt(NIGHTS, Instant.parse("2027-01-15T21:59:00Z"));
    StepResult r = d.tick(Map.of("n4", ok()));
    assertEquals(List.of(), submits(r));
    assertEquals(
        "group 1 of 1 does not start: " + OUTSIDE + ": waits until 2027-01-15T22:00Z",
        d.stored().campaigns().get(0).next());
    assertEquals(
        Optional.of("allowed-hours"),
        r.state().memory().plan().plannedWorkHeld().map(WaitReason::kind));

    d.now = Instant.parse("2027-01-15T22:00:00Z");
    r = d.tick(Map.of("n4", ok()));
    assertEquals(List.of(Operation.SetNodeFlags.drain("n4")), operations(r));
    assertEquals(Optional.empty(), r.state().memory().plan().plannedWorkHeld());
  }

  @Test
  void atTheCloseANodeStopsBeforeItsRebootAndARepairGoesOnUntilTheNextOpening() {
    StepDriver d = startedAt(NIGHTS, Instant.parse("2027-01-16T05:59:00Z"));
    StepResult r = d.tick(Map.of("n4", ok()));
    assertEquals(List.of(Operation.SetNodeFlags.drain("n4")), operations(r));
    d.carryOut();
    StepDriver.applyJobs(d);

    d.now = Instant.parse("2027-01-16T06:00:00Z");
    r = d.tick(Map.of("n4", ok(), "n3", fault("live-repair")), d.jobsAll(JobStatus.SUCCESS));
    assertEquals(NodePhase.REBOOT, d.stored().campaigns().get(0).progress("n4").phase());
    assertEquals(
        "group 1 of 1: n4: held before its reboot: " + OUTSIDE + ": waits until 2027-01-16T22:00Z",
        d.stored().campaigns().get(0).next());
    assertTrue(
        operations(r).stream().noneMatch(op -> op.nodes().contains("n4")),
        operations(r).toString());
    assertEquals(List.of("n3"), repairedNodes(r), "the fault's repair is no planned work");

    for (int i = 0; i < 3; i++) {
      d.carryOut();
      r = d.tick(Map.of("n4", ok(), "n3", ok()), d.jobsAll(JobStatus.SUCCESS));
      assertTrue(operations(r).isEmpty(), operations(r).toString());
    }
    d.now = Instant.parse("2027-01-16T22:00:00Z");
    r = d.tick(Map.of("n4", ok(), "n3", ok()), d.jobsAll(JobStatus.SUCCESS));
    assertEquals(List.of(new Operation.RebootNode("n4")), operations(r));
  }

  @Test
  void anActiveAlertHoldsACampaignUntilItClears() {
    PlannedWorkGuard alerts =
        new PlannedWorkGuard(
            Optional.empty(),
            Optional.of(new AlertInterlock(AlertFilter.everyAlert(), AlertInterlock.OnError.HOLD)));
    StepDriver d = startedAt(alerts, StepDriver.T0);
    AlertState firing = new AlertState.Active(List.of(new Alert("NodeDown", true)));
    StepResult r = tick(d, firing);
    assertEquals(List.of(), submits(r));
    assertEquals(
        "group 1 of 1 does not start: 1 alert(s) active: NodeDown",
        d.stored().campaigns().get(0).next());
    r = tick(d, new AlertState.Unknown("Prometheus did not answer"));
    assertEquals(List.of(), submits(r));
    assertEquals(
        "group 1 of 1 does not start: the alerts cannot be read: Prometheus did not answer",
        d.stored().campaigns().get(0).next());
    r = tick(d, AlertState.quiet());
    assertEquals(List.of(Operation.SetNodeFlags.drain("n4")), operations(r));
  }

  private static StepResult tick(StepDriver d, AlertState alerts) {
    CollectorReading n4 = StepDriver.reading("n4", ok(), d.now);
    return d.take(
        Inputs.tick(d.cluster, Map.of("n4", n4), Map.of(), d.outcomes, List.of())
            .withAlerts(alerts));
  }

  private static List<String> repairedNodes(StepResult r) {
    return submits(r).stream()
        .filter(j -> !j.owner().startsWith("campaign"))
        .flatMap(j -> j.operations().stream())
        .flatMap(op -> op.nodes().stream())
        .distinct()
        .toList();
  }
}
