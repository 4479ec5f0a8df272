package org.maintd.daemon.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.health.HealthSettings;

/**
 * Instance health in the daemon with the simulated cluster: a crashed instance is started again,
 * one whose starts keep failing is given up after five attempts made at least the retry interval
 * apart (one second here, for speed) and stays given up across a restart of the daemon, a node
 * whose collector reports a new boot id gets the disks of the instances it is secondary of
 * activated, and /1/instances and the metrics say so.
 */
@SuppressWarnings("unchecked")
class InstanceHealthEndToEndTest {
  private static final Duration INTERVAL = Duration.ofSeconds(1);

  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.instanceHealth = HealthSettings.on().withRetryInterval(INTERVAL);
    cluster.startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private Map<String, Object> instance(String name) throws Exception {
    return ((List<Map<String, Object>>) cluster.get("/1/instances"))
        .stream().filter(i -> i.get("name").equals(name)).findFirst().orElseThrow();
  }

  private void post(String path, String json) throws Exception {
    assertEquals(200, cluster.signedPost(path, json).statusCode(), path + " " + json);
  }

  private long jobs(String kind, String instance) throws Exception {
    return cluster.simJobs().stream()
        .filter(j -> j.get("operations").toString().contains("op=" + kind + ","))
        .filter(j -> j.get("operations").toString().contains("instance=" + instance + ","))
        .count();
  }

  /** When each job of {@code kind} on {@code instance} was planned: its reason trail's time. */
  private List<Long> plannedAt(String kind, String instance) throws Exception {
    return cluster.simJobs().stream()
        .filter(j -> j.get("operations").toString().contains("op=" + kind + ","))
        .filter(j -> j.get("operations").toString().contains("instance=" + instance + ","))
        .map(j -> ((Number) ((List<List<Object>>) j.get("reason")).get(0).get(2)).longValue())
        .sorted()
        .toList();
  }

  @Test
  void aCrashedInstanceIsStartedAgainWithTheWatchersReason() throws Exception {
    post("/1/sim/instance", "{\"instance\": \"web1\", \"status\": \"ERROR_down\"}");
    cluster.awaitTrue("web1 started", () -> jobs("startup", "web1") == 1);
    cluster.awaitTrue("web1 running again", () -> "running".equals(instance("web1").get("status")));
    Map<String, Object> job =
        cluster.simJobs().stream()
            .filter(j -> j.get("operations").toString().contains("op=startup,"))
            .findFirst()
            .orElseThrow();
    assertEquals("success", job.get("status"));
    assertTrue(
        job.get("reason").toString().contains("Restarting instance web1 (attempt #1 of 5)"),
        job.toString());
    cluster.awaitTrue("web1's record dropped", () -> "ok".equals(instance("web1").get("health")));
    assertEquals(1, jobs("startup", "web1"));
  }

  @Test
  void startsThatKeepFailingAreGivenUpAfterFiveAndStayGivenUpAcrossARestart() throws Exception {
    post("/1/sim/fail", "{\"op\": \"startup\", \"instance\": \"app1\", \"times\": 10}");
    post("/1/sim/instance", "{\"instance\": \"app1\", \"status\": \"ERROR_down\"}");
    cluster.awaitTrue(
        "app1 given up", () -> instance("app1").get("health").toString().startsWith("gave up at "));
    assertEquals(5, jobs("startup", "app1"));
    List<Long> planned = plannedAt("startup", "app1");
    for (int i = 1; i < planned.size(); i++) {
      assertTrue(
          planned.get(i) - planned.get(i - 1) >= INTERVAL.toNanos(),
          "attempts at least " + INTERVAL + " apart, planned at (ns) " + planned);
    }
    assertTrue(
        cluster.getRaw("/metrics").body().contains("maintd_instance_health{state=\"gave_up\"} 1.0"),
        "the metric counts it");
    String gaveUp = instance("app1").get("health").toString();
    cluster.stopDaemon();
    cluster.startDaemon();
    cluster.awaitTicks(3);
    assertEquals(gaveUp, instance("app1").get("health"));
    assertEquals(5, jobs("startup", "app1"));
    assertEquals("ERROR_down", instance("app1").get("status"));
  }

  @Test
  void aNewBootIdOfASecondaryActivatesTheDisksOfItsMirroredInstances() throws Exception {
    cluster.awaitTicks(2);
    Files.writeString(
        cluster.diagnoseDir.resolve("n3.boot_id"),
        "0b0e4c5a-7c0e-4c77-9d57-3a4c7d1a2f11\n",
        StandardCharsets.UTF_8);
    cluster.awaitTrue("web1's disks activated", () -> jobs("activate-disks", "web1") == 1);
    cluster.awaitTrue(
        "its health says so",
        () -> instance("web1").get("health").toString().startsWith("disks activated "));
    cluster.awaitTicks(3);
    assertEquals(1, jobs("activate-disks", "web1"), "once");
    assertEquals(0, jobs("activate-disks", "app1"), "app1's secondary is n2");
  }
}
