package org.maintd.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.testing.ClusterBuilder;

/**
 * The watcher's run-state duties, each with its limits, under a controlled time: starts of an
 * ERROR_down instance up to maxTries (counted whether they work or not), at least the retry
 * interval apart, the give-up with the watcher's words, the record's expiry, its drop when the
 * instance is healthy or gone, shutdowns of USER_down instances under their own count, and what is
 * left alone (helpless, drained, busy).
 */
class HealthPlannerTest {
  static final Instant T0 = Instant.parse("2027-03-01T10:00:00Z");
  static final Duration INTERVAL = HealthSettings.RETRY_INTERVAL;
  private final HealthPlanner planner = new HealthPlanner(HealthSettings.on());

  static Cluster cluster(InstanceStatus i1) {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .instance("i1", "n2", "n3", DiskTemplate.DRBD, 1024, i1)
        .instance("i2", "n3", "n2", DiskTemplate.DRBD, 1024, InstanceStatus.running)
        .build();
  }

  static HealthInput input(Cluster c, InstanceHealth stored, Instant now) {
    return new HealthInput(c, stored, DiskStatus.unknown(), Map.of(), Busy.none(), now);
  }

  private HealthPlan plan(Cluster c, InstanceHealth stored, Instant now) {
    return planner.plan(input(c, stored, now));
  }

  @Test
  void startsAnErrorDownInstanceAndCountsTheAttempt() {
    HealthPlan p = plan(cluster(InstanceStatus.ERROR_down), InstanceHealth.empty(), T0);
    assertEquals(List.of(new Duty.Start("i1", "n2", "n3", 1, 5)), p.duties());
    assertEquals(new Tries(1, T0), p.next().of("i1").restarts());
    assertEquals("Restarting instance i1 (attempt #1 of 5)", p.duties().get(0).reason());
  }

  @Test
  void startsFiveTimesThenGivesUpOnceWithTheWatchersMessage() {
    Cluster c = cluster(InstanceStatus.ERROR_down);
    InstanceHealth h = InstanceHealth.empty();
    Instant t = T0;
    for (int attempt = 1; attempt <= 5; attempt++) {
      HealthPlan p = plan(c, h, t);
      assertEquals(
          List.of(new Duty.Start("i1", "n2", "n3", attempt, 5)), p.duties(), "#" + attempt);
      assertEquals(List.of(), p.events());
      h = p.next();
      t = t.plus(INTERVAL);
    }
    HealthPlan gaveUp = plan(c, h, t);
    assertEquals(List.of(), gaveUp.duties());
    assertEquals(
        List.of(
            new HealthPlan.HealthEvent(
                true, "Could not restart instance i1 after 5 attempts, giving up")),
        gaveUp.events());
    assertEquals(Optional.of(t), gaveUp.next().of("i1").gaveUp());
    assertEquals(
        "gave up at " + t, HealthText.of(c.instance("i1").get(), gaveUp.next().of("i1"), 5));
    HealthPlan after = plan(c, gaveUp.next(), t.plus(INTERVAL));
    assertEquals(List.of(), after.duties());
    assertEquals(List.of(), after.events());
    assertEquals(gaveUp.next(), after.next());
    assertTrue(after.notes().get(0).text().startsWith("not restarted: gave up at " + t));
  }

  @ParameterizedTest(name = "{0}s after the give-up: starts again {1}")
  @CsvSource({"28799,false", "28800,false", "28801,true"})
  void aRecordExpiresEightHoursAfterItsLastAttempt(long seconds, boolean startsAgain) {
    Cluster c = cluster(InstanceStatus.ERROR_down);
    HealthRecord gaveUp =
        new HealthRecord(new Tries(6, T0), Tries.NONE, Optional.of(T0), Optional.empty());
    InstanceHealth h = new InstanceHealth(Map.of("i1", gaveUp), Map.of(), Map.of());
    HealthPlan p = plan(c, h, T0.plusSeconds(seconds));
    assertEquals(startsAgain, !p.duties().isEmpty());
    if (startsAgain) {
      assertEquals(new Duty.Start("i1", "n2", "n3", 1, 5), p.duties().get(0));
      assertEquals(Optional.empty(), p.next().of("i1").gaveUp());
    }
  }

  private static HealthRecord tried(InstanceStatus status, int count) {
    Tries tries = new Tries(count, T0);
    return status == InstanceStatus.USER_down
        ? new HealthRecord(Tries.NONE, tries, Optional.empty(), Optional.empty())
        : new HealthRecord(tries, Tries.NONE, Optional.empty(), Optional.empty());
  }

  private static InstanceHealth stored(HealthRecord r) {
    return new InstanceHealth(Map.of("i1", r), Map.of(), Map.of());
  }

  @ParameterizedTest(name = "{0}, {1}s after attempt #1: {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "ERROR_down | 0   | ERROR_down; next start (attempt 2 of 5) at 2027-03-01T10:05:00Z",
        "ERROR_down | 1   | ERROR_down; next start (attempt 2 of 5) at 2027-03-01T10:05:00Z",
        "ERROR_down | 299 | ERROR_down; next start (attempt 2 of 5) at 2027-03-01T10:05:00Z",
        "ERROR_down | 300 | start (attempt 2 of 5)",
        "ERROR_down | 301 | start (attempt 2 of 5)",
        "USER_down  | 299 | USER_down; next shutdown (attempt 2 of 5) at 2027-03-01T10:05:00Z",
        "USER_down  | 300 | shut down by the user: shutdown with source user"
      })
  void theNextAttemptComesTheRetryIntervalAfterTheLast(
      InstanceStatus status, long seconds, String note) {
    HealthRecord once = tried(status, 1);
    Instant now = T0.plusSeconds(seconds);
    HealthPlan p = plan(cluster(status), stored(once), now);
    assertEquals(HealthNote.does("i1", note), p.notes().get(0));
    boolean due = seconds >= INTERVAL.toSeconds();
    Duty attempt2 =
        status == InstanceStatus.ERROR_down
            ? new Duty.Start("i1", "n2", "n3", 2, 5)
            : new Duty.Shutdown("i1", "n2", 2);
    assertEquals(due ? List.of(attempt2) : List.of(), p.duties());
    HealthRecord next = p.next().of("i1");
    assertEquals(
        due ? new Tries(2, now) : new Tries(1, T0),
        status == InstanceStatus.ERROR_down ? next.restarts() : next.cleanups());
  }

  @ParameterizedTest(name = "{0}s after attempt #5: gives up {1}")
  @CsvSource({"0,false", "299,false", "300,true", "301,true"})
  void theGiveUpComesTheRetryIntervalAfterTheLastAttempt(long seconds, boolean givesUp) {
    HealthRecord five = tried(InstanceStatus.ERROR_down, 5);
    Instant now = T0.plusSeconds(seconds);
    HealthPlan p = plan(cluster(InstanceStatus.ERROR_down), stored(five), now);
    assertEquals(List.of(), p.duties());
    assertEquals(givesUp, !p.events().isEmpty());
    if (givesUp) {
      assertEquals(Optional.of(now), p.next().of("i1").gaveUp());
    } else {
      assertEquals(five, p.next().of("i1"));
      assertEquals(
          HealthNote.does(
              "i1", "ERROR_down; gives up at 2027-03-01T10:05:00Z unless it runs by then"),
          p.notes().get(0));
    }
  }

  @ParameterizedTest(name = "{0}s after attempt #3: attempt #{1}")
  @CsvSource({"300,4", "28799,4", "28800,4", "28801,1"})
  void theCountStillExpiresEightHoursAfterTheLastAttempt(long seconds, int attempt) {
    HealthRecord thrice = tried(InstanceStatus.ERROR_down, 3);
    assertEquals(
        List.of(new Duty.Start("i1", "n2", "n3", attempt, 5)),
        plan(cluster(InstanceStatus.ERROR_down), stored(thrice), T0.plusSeconds(seconds)).duties());
  }

  @Test
  void aZeroIntervalAllowsTheNextAttemptAtOnce() {
    HealthPlanner backToBack =
        new HealthPlanner(HealthSettings.on().withRetryInterval(Duration.ZERO));
    HealthInput in =
        input(cluster(InstanceStatus.ERROR_down), stored(tried(InstanceStatus.ERROR_down, 1)), T0);
    assertEquals(List.of(new Duty.Start("i1", "n2", "n3", 2, 5)), backToBack.plan(in).duties());
  }

  @Test
  void theLimitsComeFromTheSettings() {
    HealthPlanner two =
        new HealthPlanner(
            new HealthSettings(true, 2, Duration.ofMinutes(1), Duration.ofMinutes(30)));
    Cluster c = cluster(InstanceStatus.ERROR_down);
    HealthRecord twice =
        new HealthRecord(new Tries(2, T0), Tries.NONE, Optional.empty(), Optional.empty());
    InstanceHealth h = new InstanceHealth(Map.of("i1", twice), Map.of(), Map.of());
    assertTrue(two.plan(input(c, h, T0.plusSeconds(60))).events().get(0).error());
    assertEquals(
        List.of(new Duty.Start("i1", "n2", "n3", 1, 2)),
        two.plan(input(c, h, T0.plus(Duration.ofMinutes(31)))).duties());
  }

  @Test
  void aHealthyInstanceLosesItsCount() {
    HealthRecord twice =
        new HealthRecord(new Tries(2, T0), Tries.NONE, Optional.empty(), Optional.empty());
    InstanceHealth h = new InstanceHealth(Map.of("i1", twice), Map.of(), Map.of());
    HealthPlan p = plan(cluster(InstanceStatus.running), h, T0.plusSeconds(30));
    assertEquals(List.of(), p.duties());
    assertEquals(Map.of(), p.next().instances());
    assertEquals(
        List.of(new HealthPlan.HealthEvent(false, "Restart of instance i1 succeeded")), p.events());
    HealthPlan again = plan(cluster(InstanceStatus.ERROR_down), p.next(), T0.plusSeconds(60));
    assertEquals(1, ((Duty.Start) again.duties().get(0)).attempt());
  }

  @Test
  void aGoneInstanceLosesItsRecord() {
    HealthRecord once =
        new HealthRecord(new Tries(1, T0), Tries.NONE, Optional.empty(), Optional.empty());
    InstanceHealth h = new InstanceHealth(Map.of("gone", once), Map.of(), Map.of());
    assertEquals(Map.of(), plan(cluster(InstanceStatus.running), h, T0).next().instances());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"ERROR_nodedown", "ERROR_nodeoffline"})
  void helplessInstancesAreLeftAloneAndLoseTheirCountSilently(InstanceStatus status) {
    HealthRecord once =
        new HealthRecord(new Tries(1, T0), Tries.NONE, Optional.empty(), Optional.empty());
    InstanceHealth h = new InstanceHealth(Map.of("i1", once), Map.of(), Map.of());
    HealthPlan p = plan(cluster(status), h, T0);
    assertEquals(List.of(), p.duties());
    assertEquals(List.of(), p.events());
    assertEquals(Map.of(), p.next().instances());
  }

  @Test
  void anInstanceOnAnOfflinePrimaryIsHelpless() {
    Cluster c =
        cluster(InstanceStatus.ERROR_down)
            .withNode("n2", n -> n.withFlags(n.flags().withOffline(true)));
    assertEquals(List.of(), plan(c, InstanceHealth.empty(), T0).duties());
  }

  @Test
  void anInstanceOnADrainedPrimaryWaitsWithItsCountKept() {
    Cluster c =
        cluster(InstanceStatus.ERROR_down)
            .withNode("n2", n -> n.withFlags(n.flags().withDrained(true)));
    HealthRecord once =
        new HealthRecord(new Tries(1, T0), Tries.NONE, Optional.empty(), Optional.empty());
    InstanceHealth h = new InstanceHealth(Map.of("i1", once), Map.of(), Map.of());
    HealthPlan p = plan(c, h, T0.plus(INTERVAL));
    assertEquals(List.of(), p.duties());
    assertEquals(h.instances(), p.next().instances());
    assertEquals(
        new HealthNote("i1", "ERROR_down; waits: node n2 is drained", true), p.notes().get(0));
  }

  @Test
  void busyNodesAndInstancesAreLeftForThisRound() {
    Cluster c = cluster(InstanceStatus.ERROR_down);
    HealthInput onNode =
        new HealthInput(
            c,
            InstanceHealth.empty(),
            DiskStatus.unknown(),
            Map.of(),
            new Busy(Map.of("n3", "is about to be rebooted by campaign c1"), Set.of()),
            T0);
    HealthPlan p = planner.plan(onNode);
    assertEquals(List.of(), p.duties());
    assertEquals(
        "ERROR_down; waits: node n3 is about to be rebooted by campaign c1",
        p.notes().get(0).text());
    HealthInput onInstance =
        new HealthInput(
            c,
            InstanceHealth.empty(),
            DiskStatus.unknown(),
            Map.of(),
            new Busy(Map.of(), Set.of("i1")),
            T0);
    assertEquals(
        "ERROR_down; waits: another job of this round touches it",
        planner.plan(onInstance).notes().get(0).text());
    assertEquals(Map.of(), planner.plan(onInstance).next().instances());
  }

  @Test
  void userDownIsShutDownUnderItsOwnCountUpToTheLimit() {
    Cluster c = cluster(InstanceStatus.USER_down);
    HealthRecord fourStarts =
        new HealthRecord(new Tries(4, T0), Tries.NONE, Optional.empty(), Optional.empty());
    InstanceHealth h = new InstanceHealth(Map.of("i1", fourStarts), Map.of(), Map.of());
    HealthPlan p = plan(c, h, T0);
    assertEquals(List.of(new Duty.Shutdown("i1", "n2", 1)), p.duties());
    assertEquals(new Tries(1, T0), p.next().of("i1").cleanups());
    assertEquals(Tries.NONE, p.next().of("i1").restarts());
    InstanceHealth h5 = h;
    for (int i = 0; i < 5; i++) {
      h5 = plan(c, h5, T0.plus(INTERVAL.multipliedBy(i))).next();
    }
    HealthPlan exhausted = plan(c, h5, T0.plus(INTERVAL.multipliedBy(5)));
    assertEquals(List.of(), exhausted.duties());
    assertEquals("USER_down; not shut down: retries exhausted", exhausted.notes().get(0).text());
    assertEquals(
        Map.of(),
        plan(cluster(InstanceStatus.ADMIN_down), h5, T0.plus(INTERVAL.multipliedBy(6)))
            .next()
            .instances());
    assertEquals(
        "cleaning up (1 of 5)", HealthText.of(c.instance("i1").get(), p.next().of("i1"), 5));
  }

  @Test
  void userDownOnABusyNodeWaits() {
    HealthInput in =
        new HealthInput(
            cluster(InstanceStatus.USER_down),
            InstanceHealth.empty(),
            DiskStatus.unknown(),
            Map.of(),
            new Busy(Map.of("n2", "has an active incident"), Set.of()),
            T0);
    HealthPlan p = planner.plan(in);
    assertEquals(List.of(), p.duties());
    assertEquals("USER_down; waits: node n2 has an active incident", p.notes().get(0).text());
    assertTrue(p.notes().get(0).waits());
  }

  @ParameterizedTest(name = "maxTries {0}, retryInterval {1}s, retryExpiry {2}s: valid {3}")
  @CsvSource({
    "0, 300, 3600, false",
    "1, 300, 3600, true",
    "5, 300, 0, false",
    "5, 0, -1, false",
    "5, -1, 3600, false",
    "5, 0, 3600, true",
    "5, 3599, 3600, true",
    "5, 3600, 3600, false"
  })
  void settingsRefuseLimitsThatCannotWork(int maxTries, long interval, long expiry, boolean ok) {
    Duration i = Duration.ofSeconds(interval);
    Duration e = Duration.ofSeconds(expiry);
    if (ok) {
      assertEquals(i, new HealthSettings(true, maxTries, i, e).retryInterval());
    } else {
      assertThrows(IllegalArgumentException.class, () -> new HealthSettings(true, maxTries, i, e));
    }
  }

  @Test
  void theDefaultsAreTheWatchers() {
    assertThrows(IllegalArgumentException.class, () -> new Tries(-1, T0));
    assertFalse(HealthSettings.off().enabled());
    assertEquals(5, HealthSettings.on().maxTries());
    assertEquals(Duration.ofMinutes(5), HealthSettings.on().retryInterval());
    assertEquals(Duration.ofHours(8), HealthSettings.on().retryExpiry());
  }
}
