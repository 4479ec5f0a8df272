package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;
import org.maintd.wait.NotReady;
import org.maintd.wait.RoundHold;
import org.maintd.wait.ScheduleWait;
import org.maintd.wait.WaitReason;

/**
 * The schedule in the round: a machine drains {@code drainAhead} before its window, within the caps
 * and the guards; its instances move once they consent; an auto window takes it DOWN once drained
 * and started and back UP once ended and Ok; no move lands on a machine drained, down or soon
 * draining for maintenance, nor on a node whose repair failed.
 */
class MaintenancePlannerTest {
  static final Instant START = Instant.parse("2027-03-01T02:00:00Z");
  static final Duration AHEAD = Duration.ofHours(1);
  static final Instant DUE = START.minus(AHEAD);

  static Cluster cluster() {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .node("n4", "g", 8192, 100000, false)
        .instance("a", "n2", "", DiskTemplate.SHAREDFILE)
        .instance("b", "n2", "n3", DiskTemplate.DRBD)
        .build();
  }

  static Cluster drained(Cluster c, String node) {
    return c.withNode(node, n -> n.withFlags(n.flags().withDrained(true)));
  }

  static Maintenance scheduled(boolean auto, boolean respect, Long hours) {
    Window w =
        new Window(
            List.of(MachineId.of("n2")),
            START.getEpochSecond() * 1_000_000_000L,
            hours == null ? OptionalLong.empty() : OptionalLong.of(hours * 3_600_000_000_000L),
            auto,
            respect);
    return Maintenance.empty().withSchedule(new Schedule(List.of(w)));
  }

  static Maintenance in(Maintenance m, MachineMode mode) {
    return m.withMode(new MaintenanceMode("n2", mode, DUE, "test"));
  }

  static MaintenanceInput input(Maintenance m) {
    return new MaintenanceInput(m, AHEAD, Optional.empty(), false, Map.of());
  }

  static RoundPlan plan(Cluster c, MaintenanceInput in, Instant now) {
    return new RoundPlanner(SafetyCaps.defaults())
        .plan(PlanInputs.of(c, List.of(), List.of(), 1, now).withMaintenance(in));
  }

  static Next machine(RoundPlan p) {
    return p.items().stream()
        .filter(i -> i.kind().equals("machine") && i.id().equals("n2"))
        .findFirst()
        .orElseThrow(() -> new AssertionError(p.items().toString()))
        .next();
  }

  static List<Operation> ops(RoundPlan p) {
    return p.jobs().stream().flatMap(j -> j.operations().stream()).toList();
  }

  @ParameterizedTest(name = "{0} s from the drain's due time: drains {1}")
  @CsvSource({"-1, false", "0, true", "1, true"})
  void aMachineDrainsDrainAheadBeforeItsWindow(long offset, boolean drains) {
    RoundPlan p = plan(cluster(), input(scheduled(false, false, 1L)), DUE.plusSeconds(offset));
    assertEquals(drains ? List.of(Operation.SetNodeFlags.drain("n2")) : List.of(), ops(p));
    assertEquals(
        drains ? MachineMode.DRAIN : MachineMode.UP,
        p.maintenance().modeOf("n2"),
        p.items().toString());
    if (drains) {
      JobSpec job = p.jobs().get(0);
      assertEquals("machine:n2", job.owner());
      assertTrue(job.reason().text().contains("window at " + START), job.reason().text());
    } else {
      assertEquals("UP: drains from " + DUE + " for its window at " + START, machine(p).text());
    }
  }

  @Test
  void aMachineARebootRequestIsUnderWayOnWaitsForItsCycle() {
    org.maintd.reboot.Admission.Accepted asked =
        (org.maintd.reboot.Admission.Accepted)
            new org.maintd.reboot.RebootRules(org.maintd.reboot.RebootPolicy.defaults())
                .admit(
                    org.maintd.reboot.Reboots.empty(),
                    new org.maintd.reboot.RebootAsk(
                        "n2",
                        org.maintd.reboot.RebootMode.SOFT,
                        Optional.of("alpha"),
                        "disk swap",
                        false,
                        false,
                        "ops"),
                    org.maintd.reboot.NodeStanding.free(),
                    "r1",
                    DUE);
    RoundPlan p =
        new RoundPlanner(SafetyCaps.defaults())
            .plan(
                PlanInputs.of(cluster(), List.of(), List.of(), 1, DUE)
                    .withMaintenance(input(scheduled(false, false, 1L)))
                    .withReboots(
                        new RebootInput(
                            asked.reboots(), org.maintd.reboot.RebootPolicy.defaults())));
    assertEquals(MachineMode.UP, p.maintenance().modeOf("n2"));
    assertEquals(
        "UP: drain due: waits: node n2, under a reboot request, is busy with another job this round",
        machine(p).text());
    assertTrue(
        ops(p).stream().noneMatch(o -> o.equals(Operation.SetNodeFlags.drain("n2"))),
        ops(p).toString());
  }

  @Test
  void aDueDrainWaitsForTheCapForTheGuardsAndAfterItsWindowReportsIt() {
    RoundPlan capped = plan(drained(cluster(), "n4"), input(scheduled(false, false, 1L)), DUE);
    assertEquals(List.of(), ops(capped));
    assertEquals("cap", machine(capped).waits().orElseThrow().kind());
    assertEquals(MachineMode.UP, capped.maintenance().modeOf("n2"));

    WaitReason held = new RoundHold.Paused("outside the allowed hours");
    RoundPlan guarded =
        plan(
            cluster(),
            new MaintenanceInput(
                scheduled(false, false, 1L), AHEAD, Optional.of(held), false, Map.of()),
            DUE);
    assertEquals(List.of(), ops(guarded));
    assertEquals(Optional.of(held), machine(guarded).waits());

    RoundPlan late = plan(cluster(), input(scheduled(false, false, 1L)), START.plusSeconds(3600));
    assertEquals(List.of(), ops(late));
    assertTrue(machine(late).text().contains("before it was drained"), machine(late).text());
  }

  private static Maintenance declined(Maintenance m, String instance, String source) {
    return m.withConsent(
        new Consent(
            instance, "n2", Consent.Answer.DECLINE, "batch", DUE, Optional.empty(), source));
  }

  @Test
  void aDeclinedInstanceStaysUntilItsWindowStartsWhileTheOthersMove() {
    Maintenance m = declined(in(scheduled(false, false, 1L), MachineMode.DRAIN), "a", "tag");
    RoundPlan before = plan(drained(cluster(), "n2"), input(m), START.minusNanos(1));
    assertEquals(List.of("b"), ops(before).stream().flatMap(o -> o.instances().stream()).toList());
    assertTrue(machine(before).text().contains("a declined (batch"), machine(before).text());

    RoundPlan after = plan(drained(cluster(), "n2"), input(m), START);
    assertEquals(
        List.of("a", "b"),
        ops(after).stream().flatMap(o -> o.instances().stream()).sorted().toList());
    assertTrue(
        machine(after).text().contains("a moves despite its decline"), machine(after).text());
  }

  @Test
  void aWindowThatRespectsDeclinesKeepsTheInstanceAndReportsItsEnd() {
    Maintenance m =
        declined(
            declined(in(scheduled(false, true, 1L), MachineMode.DRAIN), "a", "tag"), "b", "tag");
    RoundPlan p = plan(drained(cluster(), "n2"), input(m), START.plusSeconds(7200));
    assertEquals(List.of(), ops(p));
    assertEquals("declined", machine(p).waits().orElseThrow().kind());
    assertTrue(
        machine(p).text().endsWith("with instances still declining: reported, not forced"),
        machine(p).text());
  }

  @Test
  void anInstanceNotYetAnsweredWaitsWhileConsentCommandsAreAsked() {
    Maintenance m = in(scheduled(false, false, 1L), MachineMode.DRAIN);
    RoundPlan p =
        plan(
            drained(cluster(), "n2"),
            new MaintenanceInput(m, AHEAD, Optional.empty(), true, Map.of()),
            START);
    assertEquals(List.of(), ops(p));
    assertEquals(
        new ScheduleWait.ConsentPending(List.of("a", "b")), machine(p).waits().orElseThrow());
  }

  static Cluster empty(Cluster c) {
    return c.withInstance("a", i -> i.placedOn("n1", ""))
        .withInstance("b", i -> i.placedOn("n3", "n4"));
  }

  @Test
  void anAutoWindowTakesItsDrainedMachineDownOnceItStarts() {
    Maintenance m = in(scheduled(true, false, 1L), MachineMode.DRAIN);
    Cluster c = drained(empty(cluster()), "n2");
    RoundPlan before = plan(c, input(m), START.minusSeconds(1));
    assertEquals(List.of(), ops(before));
    assertEquals("window", machine(before).waits().orElseThrow().kind());
    RoundPlan at = plan(c, input(m), START);
    assertEquals(List.of(Operation.SetNodeFlags.offline("n2")), ops(at));
    assertEquals(MachineMode.DOWN, at.maintenance().modeOf("n2"));

    RoundPlan manual = plan(c, input(in(scheduled(false, false, 1L), MachineMode.DRAIN)), START);
    assertEquals(List.of(), ops(manual));
    assertEquals(
        "DRAIN: no instance left; take it down with maintctl down n2", machine(manual).text());
  }

  /**
   * A drained machine of an auto window (1 h from START), the guards holding planned work or not:
   * DOWN only while the window runs; once it has ended, back UP without going DOWN first.
   */
  @ParameterizedTest(name = "{0} s after its start, held {1}: {2}")
  @CsvSource({
    "-1, false, waits",
    "0, false, offline",
    "0, true, waits",
    "3599, false, offline",
    "3599, true, waits",
    "3600, true, waits",
    "3600, false, back-up",
    "7200, false, back-up"
  })
  void anAutoWindowThatEndedWhileHeldBringsItsDrainedMachineBackUpWithoutTakingItDown(
      long offset, boolean held, String expected) {
    Maintenance m = in(scheduled(true, false, 1L), MachineMode.DRAIN);
    Cluster c = drained(empty(cluster()), "n2");
    Instant now = START.plusSeconds(offset);
    NodeSignal ok = new NodeSignal("boot-1", "", Optional.of(DUE));
    Optional<WaitReason> hold =
        held ? Optional.of(new RoundHold.Paused("an alert fires")) : Optional.empty();
    RoundPlan p = plan(c, new MaintenanceInput(m, AHEAD, hold, false, Map.of("n2", ok)), now);
    List<Operation> expectedOps =
        switch (expected) {
          case "offline" -> List.of(Operation.SetNodeFlags.offline("n2"));
          case "back-up" ->
              List.of(new Operation.SetNodeFlags("n2", Optional.of(false), Optional.of(false)));
          default -> List.of();
        };
    assertEquals(expectedOps, ops(p), machine(p).text());
    MachineMode mode =
        switch (expected) {
          case "offline" -> MachineMode.DOWN;
          case "back-up" -> MachineMode.UP;
          default -> MachineMode.DRAIN;
        };
    assertEquals(mode, p.maintenance().modeOf("n2"));
    assertEquals(
        expected.equals("back-up"),
        p.maintenance().schedule().windows().isEmpty(),
        "out of the schedule once back UP");
    if (offset >= 3600) {
      assertTrue(
          machine(p).text().startsWith("DRAIN: drained; its window ended at 2027-03-01T03:00:00Z")
              || machine(p).text().startsWith("bring n2 back UP: its auto window ended at"),
          machine(p).text());
    }
  }

  @Test
  void anAutoWindowBringsItsMachineBackUpOnceEndedAndOk() {
    Maintenance m = in(scheduled(true, false, 1L), MachineMode.DOWN);
    Cluster c =
        empty(cluster())
            .withNode("n2", n -> n.withFlags(n.flags().withOffline(true).withDrained(true)));
    Instant end = START.plusSeconds(3600);
    NodeSignal ok = new NodeSignal("boot-2", "", Optional.of(end));
    NodeSignal faulty = new NodeSignal("boot-2", "evacuate", Optional.empty());
    MaintenanceInput notOk =
        new MaintenanceInput(m, AHEAD, Optional.empty(), false, Map.of("n2", faulty));
    RoundPlan p = plan(c, notOk, end);
    assertEquals(List.of(), ops(p));
    assertEquals(new NotReady.NotOk("n2", "evacuate"), machine(p).waits().orElseThrow());

    MaintenanceInput okIn =
        new MaintenanceInput(m, AHEAD, Optional.empty(), false, Map.of("n2", ok));
    assertEquals(List.of(), ops(plan(c, okIn, end.minusNanos(1))), "not before it ends");
    RoundPlan up = plan(c, okIn, end);
    assertEquals(
        List.of(new Operation.SetNodeFlags("n2", Optional.of(false), Optional.of(false))), ops(up));
    assertEquals(
        new Maintenance(Schedule.empty(), List.of(), List.of(), m.version() + 1, List.of()),
        up.maintenance(),
        "out of the schedule: its next version");
  }

  @ParameterizedTest(name = "n3 {0}: the instance goes to {1}")
  @CsvSource({"UP, n3", "DRAIN, n1", "DOWN, n1", "SOON, n1"})
  void noMoveLandsOnAMachineDrainingDownOrSoonDraining(String n3, String target) {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 30000, 100000, false)
            .instance("s", "n2", "", DiskTemplate.SHAREDFILE)
            .build();
    Window w =
        new Window(
            List.of(MachineId.of("n3")),
            START.getEpochSecond() * 1_000_000_000L,
            OptionalLong.empty(),
            false,
            false);
    Maintenance m = Maintenance.empty().withSchedule(new Schedule(List.of(w)));
    Instant now = START.minus(AHEAD.multipliedBy(n3.equals("UP") ? 3 : 2));
    if (n3.equals("DRAIN") || n3.equals("DOWN")) {
      m = m.withMode(new MaintenanceMode("n3", MachineMode.valueOf(n3), now, "test"));
      c = c.withNode("n3", n -> n.withFlags(n.flags().withDrained(true)));
    }
    org.maintd.incident.Incident evacuation =
        org.maintd.incident.Incident.noted(
            new java.util.UUID(0, 1),
            "n2",
            new org.maintd.diagnose.DiagnoseParser()
                .parseCommandOutput(Map.of("status", "evacuate")),
            now);
    RoundPlan p =
        new RoundPlanner(new SafetyCaps(org.maintd.safety.Allowance.parse("2"), List.of()))
            .plan(
                PlanInputs.of(drained(c, "n2"), List.of(evacuation), List.of(), 1, now)
                    .withMaintenance(input(m)));
    assertEquals(
        List.of(new Operation.Migrate("s", "n2", target)),
        p.jobs().stream()
            .filter(j -> j.owner().equals(evacuation.uuid().toString()))
            .flatMap(j -> j.operations().stream())
            .toList());
  }

  @Test
  void whenEveryTargetIsRuledOutTheWaitNamesThemAndWhy() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 100, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 30000, 100000, false)
            .instance("s", "n2", "", DiskTemplate.SHAREDFILE)
            .build();
    Window w =
        new Window(
            List.of(MachineId.of("n3")),
            START.getEpochSecond() * 1_000_000_000L,
            OptionalLong.empty(),
            false,
            false);
    Maintenance m = Maintenance.empty().withSchedule(new Schedule(List.of(w)));
    org.maintd.incident.Incident evacuation =
        org.maintd.incident.Incident.noted(
            new java.util.UUID(0, 1),
            "n2",
            new org.maintd.diagnose.DiagnoseParser()
                .parseCommandOutput(Map.of("status", "evacuate")),
            DUE);
    RoundPlan p =
        new RoundPlanner(SafetyCaps.defaults())
            .plan(
                PlanInputs.of(
                        drained(c, "n2"), List.of(evacuation), List.of(), 1, DUE.minusSeconds(60))
                    .withMaintenance(input(m)));
    assertEquals(List.of(), p.jobs());
    String next = p.next().get(evacuation.uuid()).text();
    assertTrue(
        next.contains(
            "s: no node in the group has room (1024 MiB memory, 0 MiB disk); ruled out:"
                + " n3 (scheduled to drain at "
                + DUE
                + ")"),
        next);
  }
}
