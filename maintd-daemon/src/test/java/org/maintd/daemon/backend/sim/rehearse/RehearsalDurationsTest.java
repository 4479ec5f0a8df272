package org.maintd.daemon.backend.sim.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.job.Operation;
import org.maintd.jobtime.PastOperation;
import org.maintd.rehearse.Act;
import org.maintd.rehearse.PlayedJob;
import org.maintd.rehearse.RehearsalReport;
import org.maintd.round.PlanSnapshot;
import org.maintd.round.Settings;
import org.maintd.spi.BackendException;
import org.maintd.spi.MaintdState;

/**
 * A rehearsal's jobs run as long as the cluster's job history says, read from the snapshot it
 * plays, the simulated cluster's settings for the kinds the history does not hold; a history that
 * cannot be read leaves the settings for every kind, and the rehearsal says why.
 */
class RehearsalDurationsTest {
  private static final Instant T0 = Instant.parse("2027-03-01T10:00:00Z");
  private static final Cluster CLUSTER = new HtoolsReader().read(TestCluster.CLUSTER, "test");
  private static final Duration SETTING = Duration.ofSeconds(2);
  private static final DaemonView VIEW =
      new DaemonView(MaintdState.initial(T0), CLUSTER, Map.of(), PlanSnapshot.none(), "");

  private static Rehearsals rehearsals(RealCluster real, Duration tick) {
    return new Rehearsals(
        new Stage(
            Settings.defaults(),
            new SimSettings(null, null, SETTING, Duration.ZERO),
            Duration.ofSeconds(30),
            AlertSource.none(),
            100,
            real,
            () -> tick),
        Clock.fixed(T0, ZoneOffset.UTC),
        () -> VIEW);
  }

  private static RehearsalReport drainN3(RealCluster real) {
    return drainN3(real, Duration.ZERO);
  }

  private static RehearsalReport drainN3(RealCluster real, Duration tick) {
    return rehearsals(real, tick).rehearse(VIEW, new Act.Drain("n3", "ops"));
  }

  @Test
  void anOperationTheClusterWouldRefuseFailsItsJobWithTheClustersReason() {
    RealCluster noMigrations =
        new RealCluster(
            snapshot -> List.of(),
            (op, cluster) ->
                op instanceof Operation.Migrate m
                    ? Optional.of("migrate of " + m.instance() + " cannot be done here")
                    : Optional.empty());
    RehearsalReport r = drainN3(noMigrations);
    List<PlayedJob> migrations = only(r, Operation.Migrate.class);
    assertFalse(migrations.isEmpty(), r.jobs().toString());
    assertEquals("error", migrations.get(0).status(), migrations.get(0).toString());
    assertEquals(
        "migrate failed: migrate of app1 cannot be done here", migrations.get(0).message());
    assertTrue(
        only(r, Operation.SetNodeFlags.class).stream().allMatch(j -> j.status().equals("success")),
        r.jobs().toString());
    assertEquals(
        "nothing more can happen: the same job fails each time the daemon submits it (3 times in a"
            + " row): migrate failed: migrate of app1 cannot be done here",
        r.ending().text());
    assertEquals("stuck", r.ending().kind());
    assertTrue(r.jobs().stream().allMatch(j -> j.round() > 0), "every job's round: " + r.jobs());
  }

  private static PastOperation past(String kind, int at, long seconds) {
    return new PastOperation(kind, 0, T0.minusSeconds(at), Duration.ofSeconds(seconds));
  }

  private static List<PlayedJob> only(RehearsalReport r, Class<? extends Operation> kind) {
    return r.jobs().stream()
        .filter(j -> j.spec().operations().size() == 1)
        .filter(j -> kind.isInstance(j.spec().operations().get(0)))
        .toList();
  }

  @Test
  void eachJobRunsAsLongAsTheHistoryOfItsKindSaysAndTheOthersAsTheSettingsSay() {
    AtomicReference<Cluster> asked = new AtomicReference<>();
    RehearsalReport r =
        drainN3(
            RealCluster.reading(
                snapshot -> {
                  asked.set(snapshot);
                  return List.of(
                      past("drain", 30, 7),
                      past("migrate", 20, 4),
                      past("migrate", 10, 5),
                      past("migrate", 5, 9));
                }));
    assertEquals("done", r.ending().kind(), r.ending().text());
    assertSame(CLUSTER, asked.get(), "the history is sized in the snapshot played");
    List<PlayedJob> drains = only(r, Operation.SetNodeFlags.class);
    assertFalse(drains.isEmpty(), r.jobs().toString());
    drains.forEach(j -> assertEquals(Duration.ofSeconds(7), j.took(), j.toString()));
    List<PlayedJob> migrations = only(r, Operation.Migrate.class);
    assertFalse(migrations.isEmpty(), r.jobs().toString());
    migrations.forEach(j -> assertEquals(Duration.ofSeconds(5), j.took(), j.toString()));
    List<PlayedJob> others =
        r.jobs().stream().filter(j -> !drains.contains(j) && !migrations.contains(j)).toList();
    assertFalse(others.isEmpty(), r.jobs().toString());
    others.forEach(
        j ->
            assertEquals(
                SETTING.multipliedBy(j.spec().operations().size()), j.took(), j.toString()));
    assertEquals("job durations", r.assumptions().get(0).input());
    assertTrue(
        r.assumptions()
            .get(0)
            .assumed()
            .startsWith(
                "from the cluster's job history: drain 7 s (median of 1 job); migrate 5 s (median"
                    + " of 3 jobs); every other kind 2 s"),
        r.assumptions().get(0).assumed());
  }

  @Test
  void aRehearsalTicksEveryPollIntervalPlusWhatATickTookOnTheDaemon() {
    RehearsalReport quick = drainN3(RealCluster.NONE, Duration.ZERO);
    RehearsalReport slow = drainN3(RealCluster.NONE, Duration.ofMillis(1500));
    assertEquals(
        Duration.ofSeconds(30),
        Duration.between(quick.jobs().get(0).submitted(), quick.jobs().get(1).submitted()));
    assertEquals(
        Duration.ofMillis(31_500),
        Duration.between(slow.jobs().get(0).submitted(), slow.jobs().get(1).submitted()));
    assertEquals(
        "a tick every 31.5 s: the poll interval (pollInterval, 30 s) after each tick, and 1.5 s a"
            + " tick took on average on the daemon (reading the cluster and the collectors,"
            + " planning)",
        slow.assumptions().get(1).assumed());
  }

  @Test
  void aHistoryThatCannotBeReadLeavesTheSettingsAndIsSaid() {
    RehearsalReport r =
        drainN3(
            RealCluster.reading(
                snapshot -> {
                  throw new BackendException("RAPI /2/jobs?bulk=1 did not answer a list");
                }));
    assertEquals("done", r.ending().kind(), r.ending().text());
    r.jobs()
        .forEach(
            j ->
                assertEquals(
                    SETTING.multipliedBy(j.spec().operations().size()), j.took(), j.toString()));
    assertTrue(
        r.assumptions()
            .get(0)
            .assumed()
            .endsWith(
                "; the job history could not be read: RAPI /2/jobs?bulk=1 did not answer a list"),
        r.assumptions().get(0).assumed());
  }
}
