package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.allOk;
import static org.maintd.round.StepDriver.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.job.JobSpec;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consents;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.MachineNotice;
import org.maintd.maintenance.Schedule;

/**
 * A machine's modes through the step beyond Mesos' happy path: a forced down with an instance left
 * (declining) moves it and then takes the node offline; a DOWN machine whose node was set online
 * outside maintd follows it, and every command then treats it as any machine in that mode; a
 * schedule that moves a DOWN machine's window later puts it back in service, drained.
 */
class MachineModesRoundTest {
  private final StepDriver d = new StepDriver();
  private final Instant start = StepDriver.T0.plus(Duration.ofHours(3));

  private Reply run(Command c) {
    d.command(c);
    return d.reply();
  }

  /** The jobs of the round under way succeed and the cluster shows what they did. */
  private List<Operation> jobsRun() {
    d.carryOut();
    List<Operation> ops =
        d.stored().intents().stream().flatMap(i -> i.job().operations().stream()).toList();
    StepDriver.applyJobs(d);
    d.tick(allOk(), d.jobsAll(JobStatus.SUCCESS));
    return ops;
  }

  /** n4 (no instance) scheduled and taken DOWN by force, its node offline. */
  private void n4Down() {
    d.tick(allOk());
    run(new Command.PostSchedule(schedule(start, false, "n4"), "ops"));
    assertInstanceOf(
        Reply.AfterEffects.class, run(new Command.MachinesDown(List.of("n4"), true, "ops")));
    jobsRun();
    assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf("n4"));
    assertTrue(d.cluster.node("n4").orElseThrow().offline());
  }

  @Test
  void aForcedDownMovesWhatIsLeftDespiteItsDeclineAndThenTakesTheNodeOffline() {
    d.cluster =
        d.cluster.withInstance(
            "i1", i -> i.withTags(List.of(Consents.DECLINE_TAG + "nightly backup")));
    d.tick(allOk());
    run(new Command.PostSchedule(schedule(start, true, "n2"), "ops"));
    d.now = start.minus(Duration.ofHours(1));
    d.tick(allOk());
    assertEquals(List.of(Operation.SetNodeFlags.drain("n2")), jobsRun());
    d.tick(allOk());
    assertEquals(List.of(), StepDriver.submits(d.last), "i1 declines: it stays");

    Reply.Refused notForced =
        assertInstanceOf(
            Reply.Refused.class, run(new Command.MachinesDown(List.of("n2"), false, "ops")));
    assertEquals("n2 still has instances: i1 (--force takes it down anyway)", notForced.message());
    Reply.AfterEffects accepted =
        assertInstanceOf(
            Reply.AfterEffects.class, run(new Command.MachinesDown(List.of("n2"), true, "ops")));
    assertEquals(
        List.of(
            new Answers.TakenDown(
                "n2",
                MachineMode.DRAIN,
                Optional.empty(),
                "DOWN once 1 instance has moved (i1; declines overridden)",
                d.stored().maintenance().mode("n2").orElseThrow().since())),
        accepted.value().apply(Map.of()));
    assertEquals(List.of(), StepDriver.submits(d.last), "nothing set offline yet");
    assertTrue(d.stored().maintenance().mode("n2").orElseThrow().goingDown());

    List<Operation> ops = new ArrayList<>();
    for (int tick = 0; tick < 8 && !d.cluster.node("n2").orElseThrow().offline(); tick++) {
      d.tick(allOk());
      ops.addAll(jobsRun());
    }
    assertEquals(
        List.of(
            new Operation.Migrate("i1", "n2", "n3"),
            new Operation.ReplaceSecondary("i1", "n3", "n2", "n1"),
            Operation.SetNodeFlags.offline("n2")),
        ops);
    assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf("n2"));
    assertTrue(d.cluster.node("n2").orElseThrow().offline());
  }

  @Test
  void aForcedDownWhoseMoveFailsStopsGoingDownAndSaysWhyInTheMachinesNotice() {
    d.tick(allOk());
    run(new Command.PostSchedule(schedule(start, false, "n2"), "ops"));
    run(new Command.MachinesDown(List.of("n2"), true, "ops"));
    d.tick(allOk());
    assertEquals(List.of(Operation.SetNodeFlags.drain("n2")), jobsRun());
    d.tick(allOk());
    JobSpec move = StepDriver.submits(d.last).get(0);
    d.carryOut();
    d.tick(allOk(), d.jobsAll(JobStatus.ERROR));
    assertEquals(MachineMode.DRAIN, d.stored().maintenance().modeOf("n2"));
    assertEquals(false, d.stored().maintenance().mode("n2").orElseThrow().goingDown());
    MachineNotice.JobFailed failed =
        assertInstanceOf(
            MachineNotice.JobFailed.class, d.stored().maintenance().notice("n2").orElseThrow());
    assertEquals("job-" + move.key(), failed.job());
    assertEquals("job job-" + move.key() + " error: it broke", failed.message());
  }

  /**
   * Forced down while its drain runs: n2 (i1 left on it) is marked going down, the rounds wait for
   * the drain; n4 (empty) would be set offline now, which its drain under way refuses.
   */
  @ParameterizedTest(name = "{0} forced down while its drain runs: {1}")
  @CsvSource({"n2, going down", "n4, refused"})
  void aForcedDownWhileItsDrainRunsIsMarkedButAnOfflineJobNowIsNot(String node, String expected) {
    d.tick(allOk());
    run(new Command.PostSchedule(schedule(start, false, node), "ops"));
    d.now = start.minus(Duration.ofHours(1));
    d.tick(allOk());
    d.carryOut();
    assertEquals(
        List.of(Operation.SetNodeFlags.drain(node)),
        d.stored().intents().get(0).job().operations(),
        "its drain runs");
    Reply reply = run(new Command.MachinesDown(List.of(node), true, "ops"));
    if (expected.equals("refused")) {
      Reply.Refused r = assertInstanceOf(Reply.Refused.class, reply);
      assertTrue(
          r.message().startsWith("n4 has a maintenance job under way (maintenance of n4: drain"),
          r.message());
      return;
    }
    assertInstanceOf(Reply.AfterEffects.class, reply);
    assertTrue(d.stored().maintenance().mode(node).orElseThrow().goingDown());
  }

  @Test
  void aMachineDroppedWhileARebootRequestHoldsItIsLeftDrainedForTheRequestsCycle() {
    d.tick(allOk());
    run(new Command.PostSchedule(schedule(start, false, "n4"), "ops"));
    d.now = start.minus(Duration.ofHours(1));
    d.tick(allOk());
    jobsRun();
    assertEquals(MachineMode.DRAIN, d.stored().maintenance().modeOf("n4"));
    assertInstanceOf(
        Reply.Done.class,
        run(
            new Command.RequestReboot(
                new org.maintd.reboot.RebootAsk(
                    "n4",
                    org.maintd.reboot.RebootMode.HARD,
                    Optional.of("gamma"),
                    "bios",
                    false,
                    false,
                    "client"))));
    run(new Command.PostSchedule(Schedule.empty(), "ops"));
    assertEquals(MachineMode.UP, d.stored().maintenance().modeOf("n4"));
    assertEquals(
        List.of(),
        StepDriver.submits(d.last).stream().filter(j -> j.owner().equals("machine:n4")).toList(),
        "no undrain: the request's cycle has the node's flags");
    assertTrue(
        d.last.log().stream()
            .anyMatch(
                l ->
                    l.text()
                        .startsWith(
                            "[machine=n4] dropped from the schedule, left drained: n4 is under 1"
                                + " reboot request(s), held by key(s) gamma")),
        d.last.log().toString());
  }

  @ParameterizedTest(name = "n4 set online by hand, drained {0}: DOWN becomes {1}")
  @CsvSource({"false, UP", "true, DRAIN"})
  void aDownMachineWhoseNodeWasSetOnlineByHandFollowsItAndEveryCommandTreatsItSo(
      boolean drained, MachineMode mode) {
    d.tick(allOk());
    run(new Command.PostSchedule(schedule(start, false, "n4"), "ops"));
    run(new Command.MachinesDown(List.of("n4"), true, "ops"));
    d.carryOut();
    d.tick(allOk());
    assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf("n4"), "its job has not run");
    StepDriver.applyJobs(d);
    d.tick(allOk(), d.jobsAll(JobStatus.SUCCESS));

    d.cluster =
        d.cluster.withNode(
            "n4", n -> n.withFlags(n.flags().withOffline(false).withDrained(drained)));
    d.tick(allOk());
    assertEquals(mode, d.stored().maintenance().modeOf("n4"));
    assertEquals(List.of(MachineId.of("n4")), d.stored().maintenance().schedule().machines());
    assertInstanceOf(
        MachineNotice.ChangedByHand.class, d.stored().maintenance().notice("n4").orElseThrow());
    assertTrue(
        d.last.log().stream()
            .anyMatch(
                l ->
                    l.text()
                        .startsWith(
                            "[machine=n4] n4 was set online outside maintd while DOWN for"
                                + " maintenance: "
                                + mode)),
        d.last.log().toString());

    Reply.Refused up =
        assertInstanceOf(
            Reply.Refused.class, run(new Command.MachinesUp(List.of("n4"), true, "ops")));
    assertTrue(
        up.message()
            .startsWith(
                mode == MachineMode.UP
                    ? "n4 is already in service"
                    : "n4 is draining for its maintenance window"),
        up.message());
    Reply down = run(new Command.MachinesDown(List.of("n4"), false, "ops"));
    if (mode == MachineMode.UP) {
      assertTrue(
          ((Reply.Refused) down).message().startsWith("n4 is not in DRAIN mode"), down.toString());
      down = run(new Command.MachinesDown(List.of("n4"), true, "ops"));
    }
    assertInstanceOf(Reply.AfterEffects.class, down);
    assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf("n4"));
    assertEquals(Optional.empty(), d.stored().maintenance().notice("n4"), "the command ends it");
  }

  @ParameterizedTest(name = "n4 set online by hand, drained {0}: the schedule can drop it")
  @CsvSource({"false, 0", "true, 1"})
  void aMachineThatFollowedItsNodeCanBeDroppedFromTheSchedule(boolean drained, int undrains) {
    n4Down();
    d.cluster =
        d.cluster.withNode(
            "n4", n -> n.withFlags(n.flags().withOffline(false).withDrained(drained)));
    d.tick(allOk());
    Reply dropped = run(new Command.PostSchedule(Schedule.empty(), "ops"));
    assertTrue(!(dropped instanceof Reply.Refused), dropped.toString());
    assertEquals(Schedule.empty(), d.stored().maintenance().schedule());
    assertEquals(
        undrains == 1
            ? List.of(new Operation.SetNodeFlags("n4", Optional.of(false), Optional.empty()))
            : List.of(),
        StepDriver.submits(d.last).stream().flatMap(j -> j.operations().stream()).toList());
  }

  @Test
  void aScheduleThatMovesADownMachinesWindowLaterPutsItBackInServiceDrained() {
    d.tick(allOk());
    run(new Command.PostSchedule(schedule(start, false, "n4"), "ops"));
    assertInstanceOf(
        Reply.AfterEffects.class, run(new Command.MachinesDown(List.of("n4"), true, "ops")));
    Instant later = start.plus(Duration.ofDays(1));
    Reply.Refused busy =
        assertInstanceOf(
            Reply.Refused.class,
            run(new Command.PostSchedule(schedule(later, false, "n4"), "ops")));
    assertTrue(
        busy.message()
            .startsWith(
                "the schedule moves a DOWN machine's window later, which puts it back in service:"
                    + " n4 has a maintenance job under way"),
        busy.message());
    jobsRun();
    Reply same = run(new Command.PostSchedule(schedule(start, false, "n4"), "ops"));
    assertInstanceOf(Reply.Done.class, same, "the same window: it stays DOWN");
    assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf("n4"));

    Reply delayed = run(new Command.PostSchedule(schedule(later, false, "n4"), "ops"));
    Answers.SchedulePosted posted =
        (Answers.SchedulePosted)
            assertInstanceOf(Reply.AfterEffects.class, delayed).value().apply(Map.of());
    assertEquals(List.of("n4"), posted.delayed());
    assertEquals(MachineMode.DRAIN, d.stored().maintenance().modeOf("n4"));
    assertEquals(
        List.of(new Operation.SetNodeFlags("n4", Optional.of(true), Optional.of(false))),
        StepDriver.submits(d.last).get(0).operations());
    assertTrue(
        d.last.log().stream().anyMatch(l -> l.text().contains("delayed, DOWN to DRAIN: n4")),
        d.last.log().toString());
    jobsRun();
    assertEquals(MachineMode.DRAIN, d.stored().maintenance().modeOf("n4"), "online, drained");
    assertTrue(d.cluster.node("n4").orElseThrow().drained());
    assertEquals(false, d.cluster.node("n4").orElseThrow().offline());
    d.tick(allOk());
    assertEquals(MachineMode.DRAIN, d.stored().maintenance().modeOf("n4"), "and it stays so");
  }
}
