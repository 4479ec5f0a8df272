package org.maintd.daemon.backend.sim.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.maintd.balance.ClusterScore;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.NodeSelection;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.InstanceStatus;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.CommandRefused;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.guard.AlertState;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.rehearse.Act;
import org.maintd.rehearse.Assumption;
import org.maintd.rehearse.GroupScore;
import org.maintd.rehearse.PlayedJob;
import org.maintd.rehearse.PlayedSnapshot;
import org.maintd.rehearse.RehearsalReport;
import org.maintd.rehearse.Waited;
import org.maintd.round.PlanSnapshot;
import org.maintd.round.Refusal;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * Rehearsals played on a view made by hand, without a daemon: a round under way on the cluster runs
 * on in the copy under its own number before the act's work, and is not counted as the rehearsal's;
 * a drain of two nodes that the safety cap lets out one at a time ends stuck on the cap; no
 * snapshot yet is refused; a schedule a week ahead is played in a few ticks, its declined instance
 * waiting for the window's start; a campaign's hour of soak is played in a few ticks; a campaign
 * held by a cap ends stuck naming its wait; a drain gives hbal's score of the group on the snapshot
 * and on the cluster it ended with, and compares the snapshot played with the one the daemon
 * publishes at its end (replaced while it played: the report names what changed). Costs well under
 * a second.
 */
class RehearsalsTest {
  private static final Instant T0 = Instant.parse("2027-03-01T10:00:00Z");
  private static final Cluster CLUSTER = new HtoolsReader().read(TestCluster.CLUSTER, "test");

  /** The view the daemon publishes while a rehearsal plays, as the test sets it. */
  private final AtomicReference<DaemonView> published =
      new AtomicReference<>(view(CLUSTER, MaintdState.initial(T0)));

  private final Rehearsals rehearsals = rehearsals(AlertSource.none());

  /** Rehearsals whose ticks read the alert interlock from {@code alerts}. */
  private Rehearsals rehearsals(AlertSource alerts) {
    return TestRehearsals.on(Clock.fixed(T0, ZoneOffset.UTC), alerts, published::get);
  }

  private static DaemonView view(Cluster cluster, MaintdState state) {
    return new DaemonView(state, cluster, Map.of(), PlanSnapshot.none(), "");
  }

  @Test
  void aRoundUnderWayRunsOnInTheCopyBeforeTheActsWorkAndIsNotCountedAsItsJob() {
    JobSpec moving =
        new JobSpec(
            "balance-r3-1",
            "balance:app1",
            List.of(new Operation.Migrate("app1", "n3", "n2")),
            new ReasonTrail(ReasonTrail.SOURCE, "balance: migrate app1 [balance-r3-1]", 0));
    MaintdState state =
        MaintdState.initial(T0).withRound(3).withIntents(List.of(new Intent(moving, "41")));
    RehearsalReport r = rehearsals.rehearse(view(CLUSTER, state), new Act.Drain("n5", "ops"));
    assertEquals("done", r.ending().kind(), r.ending().text());
    List<PlayedJob> jobs = r.jobs();
    assertFalse(jobs.isEmpty());
    assertEquals("42", jobs.get(0).id(), "numbered after the job under way");
    assertTrue(
        !jobs.get(0).submitted().isBefore(T0.plusSeconds(2)),
        "the act's first job waits for the round under way: " + jobs.get(0));
    assertTrue(jobs.stream().noneMatch(j -> j.id().equals("41")));
    assertTrue(
        r.assumptions().stream().map(Assumption::input).anyMatch("jobs running now"::equals),
        r.assumptions().toString());
  }

  @Test
  void aDrainOfTwoNodesOfOneGroupUnderACapOfOneEndsStuckSayingTheCap() {
    RehearsalReport r =
        rehearsals.rehearse(
            view(CLUSTER, MaintdState.initial(T0)), new Act.Drain(List.of("n2", "n3"), "ops"));
    assertEquals("stuck", r.ending().kind(), r.ending().text());
    assertTrue(r.ending().text().contains("maxUnavailable allows 1"), r.ending().text());
    assertTrue(
        r.moves().stream()
            .noneMatch(m -> m.primaryFrom().equals("n3") && !m.primaryTo().equals("n3")),
        "no primary left n3: " + r.moves());
  }

  @Test
  void aViewWithoutASnapshotIsRefusedAsAConflict() {
    CommandRefused e =
        assertThrows(
            CommandRefused.class,
            () ->
                rehearsals.rehearse(view(null, MaintdState.initial(T0)), new Act.Drain("n5", "o")));
    assertEquals(Refusal.CONFLICT, e.reason());
  }

  @Test
  void aScheduleAWeekAheadJumpsToItsDrainAndItsStartAndItsDeclinedInstanceWaitsForTheStart() {
    Cluster declining =
        new HtoolsReader()
            .read(
                TestCluster.CLUSTER.replace(
                    "db1|2048|0|2|running|Y|n2||sharedfile||",
                    "db1|2048|0|2|running|Y|n2||sharedfile|maintd:consent:decline:backup|"),
                "test");
    Instant week = T0.plus(Duration.ofDays(7));
    Schedule schedule =
        new Schedule(
            List.of(
                new Window(
                    List.of(MachineId.of("n2")),
                    week.getEpochSecond() * 1_000_000_000L,
                    OptionalLong.empty(),
                    false,
                    false)));
    RehearsalReport r =
        rehearsals.rehearse(
            view(declining, MaintdState.initial(T0)), new Act.PostedSchedule(schedule, "ops"));
    assertEquals("done", r.ending().kind(), r.ending().text());
    assertTrue(r.ticks() < 60, "jumped, not ticked through the week: " + r.ticks());
    assertFalse(r.end().isBefore(week), "db1 left once the window started: " + r.end());
    assertTrue(r.end().isBefore(week.plusSeconds(60)), r.end().toString());
    assertFalse(
        r.jobs().get(0).submitted().isBefore(week.minus(Duration.ofHours(1))),
        "the drain starts drainAhead before the window: " + r.jobs().get(0));
    Waited declined =
        r.waits().stream().filter(w -> w.kind().equals("declined")).findFirst().orElseThrow();
    assertTrue(declined.text().startsWith("db1 declined (backup"), declined.text());
    assertTrue(declined.took().compareTo(Duration.ofMinutes(55)) > 0, declined.toString());
    assertTrue(
        r.moves().stream().anyMatch(m -> m.instance().equals("db1") && !m.primaryTo().equals("n2")),
        r.moves().toString());
  }

  @Test
  void aCampaignsHourOfSoakIsPlayedInAFewTicksAndCountedInItsTime() {
    CampaignSpec spec =
        new CampaignSpec(
            new NodeSelection(List.of("n3", "n4"), "", List.of()),
            CampaignMode.MIGRATE_REBOOT,
            1,
            Duration.ofHours(1),
            Duration.ofMinutes(15),
            List.of());
    Map<String, CollectorReading> readings = new TreeMap<>();
    CLUSTER
        .nodes()
        .forEach(
            n ->
                readings.put(
                    n.name(),
                    new CollectorReading(
                        n.name(), new Observation.Clear(), "ok", "Ok", T0, "boot-" + n.name())));
    RehearsalReport r =
        rehearsals.rehearse(
            new DaemonView(MaintdState.initial(T0), CLUSTER, readings, PlanSnapshot.none(), ""),
            new Act.CampaignStart(spec, "ops"));
    assertEquals("done", r.ending().kind(), r.ending().text());
    assertTrue(r.ending().text().contains("completed"), r.ending().text());
    assertTrue(r.ticks() < 40, "ticks: " + r.ticks());
    assertTrue(
        Duration.between(r.start(), r.end()).compareTo(Duration.ofHours(1)) >= 0,
        r.start() + " to " + r.end());
  }

  @Test
  void aCampaignThatCannotGoOnEndsStuckSayingWhatItWaitsForInItsOwnWords() {
    Cluster n5Down =
        new HtoolsReader()
            .read(
                TestCluster.CLUSTER.replace(
                    "n5|16384|1024|15360|200000|200000|8|N|",
                    "n5|16384|1024|15360|200000|200000|8|Y|"),
                "test");
    CampaignSpec spec =
        new CampaignSpec(
            new NodeSelection(List.of("n3"), "", List.of()),
            CampaignMode.MIGRATE_REBOOT,
            0,
            Duration.ofSeconds(1),
            Duration.ofMinutes(15),
            List.of());
    RehearsalReport r =
        rehearsals.rehearse(
            view(n5Down, MaintdState.initial(T0)), new Act.CampaignStart(spec, "ops"));
    assertEquals("stuck", r.ending().kind(), r.ending().text());
    assertTrue(r.ending().text().contains(": group 1 of 1: n3: "), r.ending().text());
    assertTrue(r.ending().text().contains("cap"), r.ending().text());
    assertTrue(r.jobs().isEmpty(), r.jobs().toString());
  }

  @Test
  void aDrainScoresTheGroupOnTheSnapshotPlayedAndOnTheClusterItEndedWith() {
    RehearsalReport r =
        rehearsals.rehearse(view(CLUSTER, MaintdState.initial(T0)), new Act.Drain("n2", "ops"));
    assertEquals("done", r.ending().kind(), r.ending().text());
    assertEquals(1, r.scores().size(), r.scores().toString());
    GroupScore g = r.scores().get(0);
    assertEquals("default", g.group());
    assertEquals(new ClusterScore().score(CLUSTER, "g-uuid"), g.before());
    assertNotEquals(g.before(), g.after(), "n2 drained and emptied changes the score");
  }

  @Test
  void aSnapshotTheDaemonReplacesWhileTheRehearsalPlaysIsComparedWithTheNewOneAtTheEnd() {
    Instant read = T0.minusSeconds(40);
    DaemonView played =
        new DaemonView(
            MaintdState.initial(T0), CLUSTER, Optional.of(read), Map.of(), PlanSnapshot.none(), "");
    Cluster newer =
        CLUSTER
            .withNode("n4", n -> n.withFlags(n.flags().withDrained(true)))
            .withInstance("web2", i -> i.withStatus(InstanceStatus.running));
    AtomicInteger ticks = new AtomicInteger();
    AlertSource newSnapshotAtTheThirdTick =
        () -> {
          if (ticks.incrementAndGet() == 3) {
            published.set(view(newer, MaintdState.initial(T0)));
          }
          return AlertState.quiet();
        };
    RehearsalReport r = rehearsals(newSnapshotAtTheThirdTick).rehearse(played, drainN2());
    assertTrue(ticks.get() > 3, "played on after the new snapshot: " + ticks.get());
    assertEquals(
        new PlayedSnapshot(
            Optional.of(read),
            List.of("node n4 is now drained", "instance web2 is now running (was ADMIN_down)")),
        r.snapshot());
  }

  @Test
  void aSnapshotTheDaemonKeptSaysNothingChangedAndOneItNoLongerHoldsSaysSo() {
    DaemonView played = view(CLUSTER, MaintdState.initial(T0));
    RehearsalReport same = rehearsals.rehearse(played, drainN2());
    assertEquals(new PlayedSnapshot(Optional.empty(), List.of()), same.snapshot());
    published.set(view(null, MaintdState.initial(T0)));
    RehearsalReport none = rehearsals.rehearse(played, drainN2());
    assertEquals(1, none.snapshot().changed().size(), none.snapshot().toString());
    assertTrue(
        none.snapshot().changed().get(0).startsWith("the daemon holds no snapshot of the cluster"),
        none.snapshot().toString());
  }

  private static Act drainN2() {
    return new Act.Drain("n2", "ops");
  }
}
