package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.HaConfigs;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.PreviousRelease;
import org.maintd.daemon.testing.SharedSimJobs;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * A rolling upgrade as docs/operations.md tells it: three daemons of the previous release ({@link
 * PreviousRelease}, built from git) lead and stand by on ZooKeeper over one simulated cluster; each
 * standby is stopped and this version started in its place, then the old leader, with work in
 * flight (an evacuation with jobs running, a maintenance window, a reboot request held by a key, a
 * campaign), is stopped last. Every incident, window, request and campaign is still there with its
 * history, the work finishes under the new leader, no job key reaches the cluster twice, and no
 * daemon, old or new, logged an error (a stored state it could not read among them). Costs the
 * previous release's build the first time (about a minute on two cores; kept under target/upgrade
 * for the next run), then about 80 s: the roll about 45 s, the work's end about 35 s.
 */
class RollingUpgradeIT {
  private static final double SCALE =
      Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"));

  /** The exit code of a JVM stopped by SIGTERM once its shutdown hooks ran (128 + 15). */
  private static final int SIGTERM = 143;

  private static final Duration SESSION = Duration.ofSeconds(2);
  private static final Duration FENCE = Duration.ofSeconds(2);
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration LONG = Duration.ofSeconds((long) (120 * SCALE));

  /**
   * Copies of an instance (10 GB) take 10 s, so that n2's evacuation outlasts the standbys'
   * upgrade; n2, n4 and n5 may be out at once.
   */
  private static final String EXTRA =
      "  timePerGiB: " + Math.round(1 * SCALE) + "s\nmaxUnavailable: 3\n";

  @TempDir Path tmp;
  TestCluster cluster;
  TestingServer zk;
  DaemonProcesses daemons;
  HaConfigs configs;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    zk = new TestingServer(true);
    daemons = new DaemonProcesses(tmp, 3, "128m");
    configs = new HaConfigs(tmp, cluster, SESSION, FENCE, POLL);
  }

  @AfterEach
  void stop() throws Exception {
    daemons.close();
    zk.close();
    cluster.close();
  }

  private Path config(int i) throws Exception {
    return configs.write(i, daemons.port(i), zk.getConnectString(), EXTRA);
  }

  /** Says how long after {@code since} the test reached {@code what}, for its cost. */
  private static void reached(String what, long since) {
    System.out.printf("%s: %d s%n", what, Duration.ofNanos(System.nanoTime() - since).toSeconds());
  }

  private MaintctlRun maintctl(int daemon, String... args) {
    MaintctlRun run = MaintctlRun.of(daemons.url(daemon), cluster.keyFile, args);
    assertEquals(0, run.code(), String.join(" ", args) + ": " + run.out() + run.err());
    return run;
  }

  @Test
  void aRollingUpgradeLosesNothingAndSubmitsNothingTwice() throws Exception {
    long building = System.nanoTime();
    Path previous = PreviousRelease.jar();
    reached(
        "the previous release " + PreviousRelease.named().commit() + " built or found", building);
    long rolling = System.nanoTime();
    Path current = Path.of("target", "maintd.jar");
    for (int i = 0; i < 3; i++) {
      daemons.launch(i, previous, config(i));
    }
    int leader = daemons.awaitLeader(-1, LONG);
    reached("three daemons of the previous release lead and stand by", rolling);

    for (int standby = 0; standby < 3; standby++) {
      if (standby != leader) {
        replace(standby, current, leader);
      }
    }
    // the work is put in flight once the standbys run this version, just before the leader stops:
    // n2's evacuation lasts about 40 s, the standbys' replacement as long, and an evacuation that
    // ended under the old leader would prove nothing of the new one
    putWorkInFlight(leader);
    Map<String, List<String>> before = histories(leader);
    daemons.within(
        "a job of n2's evacuation runs when the leader stops",
        LONG,
        () -> aJobRuns() && !incidentStatus(leader).equals("completed"));
    Instant switched = Instant.now();
    long stopping = System.nanoTime();
    assertEquals(
        SIGTERM,
        daemons.stop(leader),
        "stopped by SIGTERM, as systemd stops it" + daemons.tails(25));
    int next = daemons.awaitLeader(leader, LONG);
    reached("an upgraded standby leads after the old leader was asked to stop", stopping);
    daemons.launch(leader, current, config(leader));
    awaitStandingBy(leader, next);
    reached("the three daemons upgraded", rolling);

    Map<String, List<String>> after = histories(next);
    for (Map.Entry<String, List<String>> item : before.entrySet()) {
      List<String> now = after.getOrDefault(item.getKey(), List.of());
      assertEquals(
          item.getValue(),
          now.subList(0, Math.min(now.size(), item.getValue().size())),
          item.getKey() + " is there with the history it had" + daemons.tails(10));
    }
    finishesUnder(next, switched);
    reached("the work finished under the new leader", rolling);
    SharedSimJobs.assertNoKeyTwice(tmp.resolve("state"));
    for (int i = 0; i < 3; i++) {
      assertEquals(List.of(), errors(daemons.log(i)), "daemon " + i + " logged errors");
      assertEquals(200, daemons.get(i, "/1/health").statusCode(), daemons.tails(10));
    }
    reached("the rolling upgrade and its checks", rolling);
  }

  /**
   * An evacuation of n2, a window on n3 two days ahead, a reboot of n4 held by the key alpha and a
   * campaign on n5.
   */
  private void putWorkInFlight(int leader) throws Exception {
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    Path schedule = tmp.resolve("schedule.json");
    long start = Instant.now().plus(Duration.ofDays(2)).toEpochMilli() * 1_000_000L;
    Files.writeString(
        schedule,
        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n3\"}], \"unavailability\": {\"start\":"
            + " {\"nanoseconds\": "
            + start
            + "}, \"duration\": {\"nanoseconds\": 3600000000000}}}]}");
    maintctl(leader, "schedule", "set", schedule.toString());
    maintctl(leader, "reboot", "n4", "--key", "alpha", "--reason", "kernel update");
    maintctl(leader, "campaign", "start", "--node", "n5", "--soak", "1s");
    daemons.within(
        "n2's evacuation and n4's reboot are under way",
        LONG,
        () -> aJobRuns() && !List.of("", "pending").contains(requestStatus(leader)));
  }

  /** Stops daemon {@code i}, starts {@code jar} in its place and waits until it stands by. */
  private void replace(int i, Path jar, int leader) throws Exception {
    assertEquals(
        SIGTERM, daemons.stop(i), "stopped by SIGTERM, as systemd stops it" + daemons.tails(25));
    daemons.launch(i, jar, config(i));
    awaitStandingBy(i, leader);
  }

  private void awaitStandingBy(int i, int leader) {
    daemons.within(
        "daemon " + i + " stands by, naming the leader",
        LONG,
        () -> {
          Map<?, ?> h = daemons.json(i, "/1/health");
          return "STANDBY".equals(h.get("state"))
              && daemons.url(leader).equals(h.get("leader_url"));
        });
  }

  /** Whether a job the simulated cluster received is still running. */
  private boolean aJobRuns() throws Exception {
    double now = Instant.now().toEpochMilli() / 1000.0;
    return SharedSimJobs.in(tmp.resolve("state")).stream()
        .anyMatch(j -> ((Number) j.get("ends")).doubleValue() > now);
  }

  /**
   * The work in flight ends under the new leader after {@code switched}: n2's evacuation completes,
   * the campaign completes, and n4's reboot, released, is done.
   */
  private void finishesUnder(int leader, Instant switched) throws Exception {
    daemons.within(
        "n2's evacuation completes and n4 waits for its key",
        LONG,
        () -> incidentStatus(leader).equals("completed") && requestStatus(leader).equals("held"));
    maintctl(leader, "release", "n4", "alpha");
    daemons.within(
        "n4's reboot is done and the campaign completed",
        LONG,
        () -> requestStatus(leader).equals("done") && campaignStatus(leader).equals("completed"));
    Map<?, ?> incident =
        (Map<?, ?>) ((List<?>) Json.parse(daemons.get(leader, "/1/status").body())).get(0);
    assertTrue(
        ((Number) incident.get("mtime")).doubleValue() > switched.toEpochMilli() / 1000.0,
        "n2's evacuation completed under the new leader: " + incident);
  }

  private String incidentStatus(int daemon) throws Exception {
    List<?> incidents = (List<?>) Json.parse(daemons.get(daemon, "/1/status").body());
    return incidents.isEmpty() ? "" : (String) ((Map<?, ?>) incidents.get(0)).get("repair-status");
  }

  private String requestStatus(int daemon) throws Exception {
    List<?> requests =
        (List<?>)
            ((Map<?, ?>) Json.parse(daemons.get(daemon, "/1/nodes/n4/reboot").body()))
                .get("requests");
    return requests.isEmpty() ? "" : (String) ((Map<?, ?>) requests.get(0)).get("status");
  }

  private String campaignStatus(int daemon) throws Exception {
    List<?> campaigns = (List<?>) Json.parse(daemons.get(daemon, "/1/campaigns").body());
    return campaigns.isEmpty() ? "" : (String) ((Map<?, ?>) campaigns.get(0)).get("status");
  }

  /**
   * Every incident, campaign and reboot request daemon {@code daemon} shows, each with the history
   * it shows (time and text of each entry), and the schedule with its version.
   */
  private Map<String, List<String>> histories(int daemon) throws Exception {
    Map<String, List<String>> all = new LinkedHashMap<>();
    for (Object o : (List<?>) Json.parse(daemons.get(daemon, "/1/status").body())) {
      Map<?, ?> i = (Map<?, ?>) o;
      all.put("incident " + i.get("uuid"), entries(i.get("history")));
    }
    for (Object o : (List<?>) Json.parse(daemons.get(daemon, "/1/campaigns").body())) {
      Map<?, ?> c = (Map<?, ?>) o;
      all.put("campaign " + c.get("id"), entries(c.get("history")));
    }
    Map<?, ?> n4 = (Map<?, ?>) Json.parse(daemons.get(daemon, "/1/nodes/n4/reboot").body());
    for (Object o : (List<?>) n4.get("requests")) {
      Map<?, ?> r = (Map<?, ?>) o;
      all.put("reboot request " + r.get("id"), entries(r.get("history")));
    }
    var schedule = daemons.get(daemon, "/1/maintenance/schedule");
    all.put(
        "the schedule",
        List.of(schedule.headers().firstValue("ETag").orElse("no ETag"), schedule.body()));
    return all;
  }

  private static List<String> entries(Object history) {
    List<String> out = new ArrayList<>();
    for (Object e : (List<?>) history) {
      out.add(Json.write(e));
    }
    return out;
  }

  /** The lines of {@code log} that say an error, the stored state unreadable among them. */
  private static List<String> errors(String log) {
    return log.lines()
        .filter(l -> l.contains(" ERROR ") || l.contains("cannot be read") || l.contains("STATE_"))
        .toList();
  }
}
