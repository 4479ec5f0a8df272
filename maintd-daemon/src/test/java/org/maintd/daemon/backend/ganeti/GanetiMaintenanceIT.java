package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * A maintenance window on a real Ganeti 3.0 cluster (the sandbox): an {@code auto} window for node3
 * drains it through RAPI, moves its instance away, takes it DOWN (offline in Ganeti) once the
 * window starts and back UP (online, undrained, out of the schedule) once it has ended and node3's
 * collector reports Ok; every job's reason trail names the window.
 */
class GanetiMaintenanceIT {
  private static final String NODE = "node3.gnt.test";

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  Daemon daemon;

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    daemon = new Daemon(sandbox.daemon(dir, "node1.gnt.test", credentials), Clock.systemUTC());
    daemon.start(true);
  }

  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (sandbox != null) {
      sandbox.putBack(credentials, NODE, List.of("inst2.gnt.test"));
    }
  }

  private String flags() throws IOException, InterruptedException {
    return sandbox
        .onMaster("gnt-node", "list", "--no-headers", "-o", "drained,offline", NODE)
        .strip();
  }

  @Test
  void anAutoWindowDrainsTakesDownAndBringsBackANodeThroughRapi() throws Exception {
    long firstJob = sandbox.nextJobId();
    Instant start = Instant.now().plusSeconds(20);
    long ns = start.getEpochSecond() * 1_000_000_000L;
    String window =
        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \""
            + NODE
            + "\"}], \"auto\": true, \"unavailability\": {\"start\": {\"nanoseconds\": "
            + ns
            + "}, \"duration\": {\"nanoseconds\": 40000000000}}}]}";
    assertEquals(
        200,
        TestCluster.signedPost(
                HttpClient.newHttpClient(),
                Path.of(sandbox.env.get("GANETI_HMAC_KEY")),
                daemon.port(),
                "/1/maintenance/schedule",
                window)
            .statusCode());
    await("node3 drained and emptied")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                flags().matches("Y\\s+N")
                    && !sandbox
                        .onMaster("gnt-instance", "list", "--no-headers", "-o", "pnode")
                        .contains(NODE));
    await("node3 offline once its window started")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> flags().matches("N\\s+Y"));
    assertTrue(!Instant.now().isBefore(start), "not before its window started");
    await("node3 back online once its window ended and it reports Ok")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> flags().matches("N\\s+N"));
    Map<?, ?> schedule =
        (Map<?, ?>)
            Json.parse(
                HttpClient.newHttpClient()
                    .send(
                        HttpRequest.newBuilder(
                                URI.create(
                                    "http://127.0.0.1:"
                                        + daemon.port()
                                        + "/1/maintenance/schedule"))
                            .build(),
                        HttpResponse.BodyHandlers.ofString())
                    .body());
    assertEquals(List.of(), schedule.get("windows"), "node3 left the schedule");
    long trails = sandbox.jobsWithReason(credentials, firstJob, "maintenance of " + NODE);
    assertTrue(trails >= 3, "drain, offline and back up name the maintenance: " + trails);
    String startedAt = Instant.ofEpochSecond(start.getEpochSecond()).toString();
    assertTrue(
        sandbox.jobsWithReason(credentials, firstJob, "its window at " + startedAt) >= 1,
        "the drain names the window's start");
    assertTrue(
        sandbox.jobsWithReason(credentials, firstJob, "its auto window started at " + startedAt)
            >= 1,
        "the offline job names the window's start");
  }
}
