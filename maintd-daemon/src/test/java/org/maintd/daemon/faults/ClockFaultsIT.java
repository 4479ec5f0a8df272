package org.maintd.daemon.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.CollectorProcess;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.FakeTime;
import org.maintd.daemon.testing.SharedSimJobs;
import org.maintd.daemon.testing.TestCluster;

/**
 * Clocks stepped under real processes with libfaketime: the daemon's wall clock an hour ahead then
 * ten minutes back during an evacuation, and a node's collector signing 400 s ahead. Each fault
 * shows in {@code /1/health} and the metrics, is logged once when it begins and once when it ends,
 * and goes without a restart; no job is submitted twice and no node is evacuated for its clock.
 * Costs about 60 s (a daemon and a collector started, a 20-second quiet period waited out).
 */
class ClockFaultsIT {
  private static final Duration POLL = Duration.ofSeconds(2);

  @TempDir Path tmp;

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aMastersClockSteppedAnHourAheadThenTenMinutesBackIsNamedAndTheEvacuationEndsWithNoJobTwice()
      throws Exception {
    FakeTime time = FakeTime.required(tmp.resolve("daemon-clock"));
    try (TestCluster cluster = new TestCluster(tmp);
        DaemonProcesses daemons = new DaemonProcesses(tmp, 1, "128m")) {
      cluster.report("n2", "{\"status\": \"evacuate\"}");
      daemons.withEnvironment(0, time.environment()).launch(0, config(cluster, daemons.port(0)));
      Path stateDir = cluster.config().stateDir();
      daemons.within(
          "the API answers and the evacuation's first job is submitted",
          Duration.ofSeconds(60),
          () -> !daemons.json(0, "/1/health").isEmpty() && !SharedSimJobs.keys(stateDir).isEmpty());
      long pid = daemons.pid(0);
      assertTrue(!completed(stateDir), "the clock is stepped during the evacuation");

      time.set("+3600s");
      long shown = millisUntil(daemons, "forward 3600 s");
      time.set("+3000s");
      long shownBack = millisUntil(daemons, "back 600 s");
      System.out.printf(
          "clock stepped: shown in /1/health %d ms (forward) and %d ms (back) after the offset"
              + " was rewritten (libfaketime takes up to a second to read it)%n",
          shown, shownBack);
      assertTrue(
          shown <= POLL.toMillis() && shownBack <= POLL.toMillis(),
          "each step shows within a poll interval: " + shown + " and " + shownBack + " ms");
      daemons.within(
          "maintd_fault{fault=\"CLOCK_STEPPED\"} 1",
          Duration.ofSeconds(10),
          () -> metrics(daemons).contains("\nmaintd_fault{fault=\"CLOCK_STEPPED\"} 1.0\n"));

      try {
        daemons.within(
            "the evacuation completes", Duration.ofSeconds(60), () -> completed(stateDir));
      } catch (AssertionError e) {
        throw new AssertionError(
            e.getMessage() + "\nthe state: " + Files.readString(stateDir.resolve("state.json")), e);
      }
      daemons.within(
          "CLOCK_STEPPED clears ten poll intervals after the last step",
          Duration.ofSeconds(30),
          () -> faultDetail(daemons, "CLOCK_STEPPED").isEmpty());
      daemons.within(
          "maintd_fault{fault=\"CLOCK_STEPPED\"} 0, begun once",
          Duration.ofSeconds(10),
          () ->
              metrics(daemons).contains("\nmaintd_fault{fault=\"CLOCK_STEPPED\"} 0.0\n")
                  && metrics(daemons)
                      .contains("\nmaintd_faults_total{fault=\"CLOCK_STEPPED\"} 1.0\n"));
      SharedSimJobs.assertNoKeyTwice(stateDir);
      assertEquals(pid, daemons.pid(0));
      assertTrue(daemons.alive(0), "the daemon was not restarted" + daemons.tails(30));
      List<String> lines = daemons.log(0).lines().filter(l -> l.contains("CLOCK_STEPPED")).toList();
      assertEquals(2, lines.size(), "one line when it begins, one when it ends: " + lines);
      assertTrue(
          lines.get(0).contains("fault CLOCK_STEPPED begins: forward 3600 s at "), lines.get(0));
      assertTrue(lines.get(1).contains("fault CLOCK_STEPPED ends after "), lines.get(1));
      assertTrue(lines.get(1).contains("(it was: back 600 s at "), lines.get(1));
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aNodeWhoseClockIs400SecondsAheadIsNamedNotEvacuatedAndClearedWhenItsClockIsPutRight()
      throws Exception {
    FakeTime time = FakeTime.required(tmp.resolve("collector-clock"));
    time.set("+400s");
    try (TestCluster cluster = new TestCluster(tmp);
        CollectorProcess n3 = CollectorProcess.start(cluster, "n3", time.environment())) {
      cluster.collectorAt("n3", n3.url());
      cluster.startDaemon();
      cluster.awaitTrue("n3's skew is named", () -> skewDetail(cluster).contains("n3 "));
      String detail = skewDetail(cluster);
      assertTrue(detail.matches(".*the 300 s allowed: n3 (399|400|401) s ahead"), detail);
      cluster.awaitTicks(5);
      assertEquals(List.of(), cluster.incidents(), "nothing is opened for a node's clock");
      assertEquals(List.of(), cluster.simJobs(), "nothing is moved off it");
      String metrics = (String) cluster.getRaw("/metrics").body();
      assertTrue(
          metrics.matches("(?s).*\nmaintd_reports_rejected_total\\{reason=\"future\"} [1-9].*"),
          metrics);
      assertTrue(metrics.contains("\nmaintd_fault{fault=\"NODE_CLOCK_SKEW\"} 1.0\n"), metrics);

      time.set("+0s");
      cluster.awaitTrue(
          "the skew clears once n3's reports are accepted", () -> skewDetail(cluster).isEmpty());
      cluster.awaitTrue(
          "n3's collector is ok",
          () -> "ok".equals(((Map<?, ?>) cluster.node("n3").get("collector")).get("health")));
      assertEquals(List.of(), cluster.incidents());
    }
  }

  private static Path config(TestCluster cluster, int port) throws Exception {
    DaemonConfig c = cluster.config();
    String yaml =
        "node: n1\nbind: 127.0.0.1\nport: "
            + port
            + "\nstateDir: "
            + c.stateDir()
            + "\nhmacKeyFile: "
            + c.hmacKeyFile()
            + "\nusersFile: "
            + c.usersFile()
            + "\npollInterval: "
            + POLL.toMillis()
            + "ms\n"
            // the nodes' signatures are allowed two hours here, so that what shows is the step
            // alone: with the default 300 s, a master an hour ahead refuses every node's report
            + cluster
                .collectorAndSimYaml("1s")
                .replace("collector:\n", "collector:\n  maxSkew: 2h\n");
    Path file = cluster.dir.resolve("maintd.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private static boolean completed(Path stateDir) throws Exception {
    return Files.readString(stateDir.resolve("state.json"))
        .contains("\"repair-status\":\"completed\"");
  }

  /** How long after now {@code /1/health} names CLOCK_STEPPED with {@code detail}, in ms. */
  private static long millisUntil(DaemonProcesses daemons, String detail) {
    long started = System.nanoTime();
    daemons.within(
        "CLOCK_STEPPED " + detail,
        Duration.ofSeconds(10),
        () -> faultDetail(daemons, "CLOCK_STEPPED").startsWith(detail));
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
  }

  private static String faultDetail(DaemonProcesses daemons, String fault) {
    return faultIn(daemons.json(0, "/1/health"), fault)
        .map(f -> (String) f.get("detail"))
        .orElse("");
  }

  private static String skewDetail(TestCluster cluster) throws Exception {
    return faultIn((Map<?, ?>) cluster.get("/1/health"), "NODE_CLOCK_SKEW")
        .map(f -> (String) f.get("detail"))
        .orElse("");
  }

  /** {@code fault} as {@code health} lists it; empty when it does not. */
  private static Optional<Map<?, ?>> faultIn(Map<?, ?> health, String fault) {
    if (!(health.get("faults") instanceof List<?> list)) {
      return Optional.empty();
    }
    return list.stream()
        .<Map<?, ?>>map(f -> (Map<?, ?>) f)
        .filter(f -> fault.equals(f.get("fault")))
        .findFirst();
  }

  /** What the daemon's {@code /metrics} answer; empty when it does not answer within a second. */
  private static String metrics(DaemonProcesses daemons) {
    try {
      return daemons.get(0, "/metrics").body();
    } catch (Exception e) {
      return "";
    }
  }
}
