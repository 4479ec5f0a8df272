package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.allOk;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;

/**
 * The schedule through the step: posted by an operator, a machine goes DRAIN when its drain is due
 * and the round starts (its mode stored with its drain job, never one without the other); taken
 * down and brought up by commands, each a job stored before it is submitted; a machine dropped from
 * the schedule while draining is undrained.
 */
class ScheduleRoundTest {
  private final StepDriver d = new StepDriver();
  private final Instant start = StepDriver.T0.plus(Duration.ofHours(3));

  private Schedule schedule(String... machines) {
    return StepDriver.schedule(start, false, machines);
  }

  private void post(Schedule s) {
    d.tick(allOk());
    d.command(new Command.PostSchedule(s, "admin"));
  }

  @Test
  void aPostedMachineDrainsWhenItsDrainIsDueItsModeStoredWithItsJob() {
    post(schedule("n4"));
    Answers.SchedulePosted answer =
        (Answers.SchedulePosted) assertInstanceOf(Reply.Done.class, d.reply()).value();
    assertEquals(List.of(), answer.warnings());
    d.now = start.minus(Duration.ofHours(1)).minusSeconds(1);
    d.tick(allOk());
    assertEquals(List.of(), StepDriver.submits(d.last));
    d.now = start.minus(Duration.ofHours(1));
    d.tick(allOk());
    List<JobSpec> drains = StepDriver.submits(d.last);
    assertEquals(1, drains.size());
    assertEquals(List.of(Operation.SetNodeFlags.drain("n4")), drains.get(0).operations());
    assertEquals(MachineMode.DRAIN, d.stored().maintenance().modeOf("n4"));
    assertEquals(
        drains.get(0), d.stored().intents().get(0).job(), "the mode and its job in one state");
    assertTrue(
        d.last.log().stream().anyMatch(l -> l.text().startsWith("[machine=n4] DRAIN: its window")),
        d.last.log().toString());
  }

  @Test
  void aMachineDroppedWhileDrainingIsUndrainedAndUpIsRefusedWhileItDrains() {
    post(schedule("n4"));
    d.now = start.minus(Duration.ofHours(1));
    d.tick(allOk());
    d.carryOut();
    StepDriver.applyJobs(d);
    d.tick(allOk(), d.jobsAll(org.maintd.job.JobStatus.SUCCESS));
    d.command(new Command.MachinesUp(List.of("n4"), false, "admin"));
    Reply.Refused refused = assertInstanceOf(Reply.Refused.class, d.reply());
    assertEquals(Refusal.CONFLICT, refused.kind());
    assertTrue(
        refused.message().startsWith("n4 is draining for its maintenance window"),
        refused.message());

    d.command(new Command.PostSchedule(Schedule.empty(), "admin"));
    assertInstanceOf(Reply.AfterEffects.class, d.reply());
    JobSpec undrain = StepDriver.submits(d.last).get(0);
    assertEquals(
        List.of(
            new Operation.SetNodeFlags(
                "n4", java.util.Optional.of(false), java.util.Optional.empty())),
        undrain.operations());
    assertEquals(MachineMode.UP, d.stored().maintenance().modeOf("n4"));
  }

  @Test
  void aMachineIsNotTakenDownNorBroughtUpAgainWhileAJobOfItsOwnIsUnderWay() {
    post(schedule("n2", "n4"));
    d.command(new Command.MachinesDown(List.of("n4"), true, "admin"));
    assertInstanceOf(Reply.AfterEffects.class, d.reply());
    d.carryOut();
    d.command(new Command.MachinesDown(List.of("n4"), true, "admin"));
    assertEquals(new Reply.Refused(Refusal.CONFLICT, "n4 is already DOWN"), d.reply());
    d.command(new Command.MachinesUp(List.of("n4"), true, "admin"));
    Reply.Refused r = assertInstanceOf(Reply.Refused.class, d.reply());
    assertEquals(Refusal.CONFLICT, r.kind());
    assertTrue(
        r.message().startsWith("n4 has a maintenance job under way (machine n4 down: taken out"),
        r.message());
    assertTrue(r.message().endsWith("): try again once it has ended"), r.message());
    assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf("n4"));
  }

  @Test
  void downNeedsDrainAndNoInstanceUnlessForcedAndUpTakesItOutOfTheSchedule() {
    post(schedule("n2", "n4"));
    d.command(new Command.MachinesDown(List.of("n2"), false, "admin"));
    Reply.Refused notDrained = assertInstanceOf(Reply.Refused.class, d.reply());
    assertTrue(notDrained.message().contains("n2 is not in DRAIN mode"), notDrained.message());
    assertTrue(notDrained.message().contains("n2 still has instances: i1"), notDrained.message());

    d.command(new Command.MachinesDown(List.of("n4"), true, "admin"));
    assertInstanceOf(Reply.AfterEffects.class, d.reply());
    assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf("n4"));
    JobSpec down = StepDriver.submits(d.last).get(0);
    assertEquals(List.of(Operation.SetNodeFlags.offline("n4")), down.operations());
    d.carryOut();
    StepDriver.applyJobs(d);
    d.tick(allOk(), d.jobsAll(org.maintd.job.JobStatus.SUCCESS));

    d.command(new Command.PostSchedule(schedule("n2"), "admin"));
    Reply.Refused dropDown = assertInstanceOf(Reply.Refused.class, d.reply());
    assertEquals(Refusal.CONFLICT, dropDown.kind());

    long version = d.stored().maintenance().version();
    d.command(new Command.MachinesUp(List.of("n4"), true, "admin"));
    assertInstanceOf(Reply.AfterEffects.class, d.reply());
    assertEquals(MachineMode.UP, d.stored().maintenance().modeOf("n4"));
    assertEquals(version + 1, d.stored().maintenance().version(), "a new version of the schedule");
    assertEquals(
        List.of(MachineId.of("n2")),
        d.stored().maintenance().schedule().machines(),
        "n4 left the schedule, n2 stays");
  }

  /**
   * n4 is out of service (drained, or offline) with its mode in the schedule as given, and maintd
   * took it out (an incident's evacuation, acknowledged): {@code up} puts it back and only a DOWN
   * machine leaves the schedule; one UP there keeps its window; a DRAIN one is refused.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "{0}, node {1}: {2}")
  @org.junit.jupiter.params.provider.CsvSource({
    "not scheduled, drained, no window",
    "UP, drained, window kept",
    "UP, offline, window kept",
    "DOWN, offline, window dropped",
    "DRAIN, drained, refused"
  })
  void upTakesOnlyADownMachineOutOfTheSchedule(String mode, String flags, String expected) {
    Schedule s = mode.equals("not scheduled") ? Schedule.empty() : schedule("n4");
    org.maintd.maintenance.Maintenance m =
        org.maintd.maintenance.Maintenance.empty().withSchedule(s);
    if (mode.equals("DOWN") || mode.equals("DRAIN")) {
      m =
          m.withMode(
              new org.maintd.maintenance.MaintenanceMode(
                  "n4", MachineMode.valueOf(mode), StepDriver.T0, "test"));
    }
    d.cluster =
        d.cluster.withNode(
            "n4",
            n -> n.withFlags(n.flags().withDrained(true).withOffline(flags.equals("offline"))));
    d.state =
        RoundState.of(
            org.maintd.spi.MaintdState.initial(StepDriver.T0)
                .withMaintenance(m)
                .withMachines(
                    List.of(
                        new org.maintd.machine.Machine(
                            "n4", StepDriver.T0, "an-incident", "evacuated"))));
    d.tick(allOk());
    d.command(new Command.MachinesUp(List.of("n4"), false, "admin"));
    if (expected.equals("refused")) {
      assertInstanceOf(Reply.Refused.class, d.reply());
      assertEquals(s, d.stored().maintenance().schedule());
      return;
    }
    assertInstanceOf(Reply.AfterEffects.class, d.reply(), d.reply().toString());
    assertEquals(
        expected.equals("window kept") ? s : Schedule.empty(), d.stored().maintenance().schedule());
    assertEquals(MachineMode.UP, d.stored().maintenance().modeOf("n4"));
    if (expected.equals("window kept")) {
      assertTrue(
          d.last.log().stream()
              .anyMatch(
                  l -> l.text().startsWith("[machine=n4] UP in the schedule: its window stays")),
          d.last.log().toString());
    }
  }

  @Test
  void aMachineDroppedWhileDrainingStaysDrainedWhenItsNodeWasDrainedBeforeItsWindow() {
    d.cluster = d.cluster.withNode("n4", n -> n.withFlags(n.flags().withDrained(true)));
    post(schedule("n4"));
    d.now = start.minus(Duration.ofHours(1));
    d.tick(allOk());
    assertEquals(MachineMode.DRAIN, d.stored().maintenance().modeOf("n4"));
    assertEquals(List.of(), StepDriver.submits(d.last), "already drained");

    d.command(new Command.PostSchedule(Schedule.empty(), "admin"));
    assertInstanceOf(Reply.Done.class, d.reply());
    assertEquals(List.of(), StepDriver.submits(d.last), "not undrained: maintd did not drain it");
    assertEquals(MachineMode.UP, d.stored().maintenance().modeOf("n4"));
  }
}
