package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * A daemon whose state can no longer be written: the runner fails, nothing more is submitted,
 * {@code /1/health} answers 503 naming the part and the cause, {@code maintd_failed} is 1, and the
 * daemon asks to exit with code 1 once the grace period is over.
 */
class DaemonFailureTest {
  @TempDir Path tmp;

  private TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.exitAfterFailure = Duration.ofSeconds(1);
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  @Test
  void aStateThatCannotBeWrittenFailsTheDaemonWhichSaysWhyStopsActingAndExits() throws Exception {
    cluster.startDaemon();
    HttpResponse<String> healthy = cluster.getRaw("/1/health");
    assertEquals(200, healthy.statusCode());
    Path state = tmp.resolve("state/state.json");
    Files.delete(state);
    Files.createDirectories(state.resolve("in-the-way"));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    awaitTheDaemonFailed();
    Map<?, ?> health = (Map<?, ?>) Json.parse(cluster.getRaw("/1/health").body());
    assertEquals("FAILED", health.get("state"));
    // the store's write and the runner fail on the same write: either may be the first to say so
    Map<?, ?> failed =
        ((List<?>) health.get("parts"))
            .stream()
                .map(p -> (Map<?, ?>) p)
                .filter(p -> List.of("store", "runner").contains(p.get("name")))
                .filter(p -> "FAILED".equals(p.get("state")))
                .findFirst()
                .orElseThrow();
    assertTrue(failed.get("cause").toString().contains("state.json"), failed.toString());
    assertTrue(cluster.getRaw("/metrics").body().contains("maintd_failed 1.0"));
    assertEquals(1, cluster.daemon().exit().get(30, TimeUnit.SECONDS));
    assertEquals(List.of(), cluster.simJobs(), "nothing was submitted");
  }

  @Test
  void maintctlHealthShowsTheFailedDaemonAndExits1() throws Exception {
    cluster.exitAfterFailure = Duration.ofMinutes(5);
    cluster.startDaemon();
    Path state = tmp.resolve("state/state.json");
    Files.delete(state);
    Files.createDirectories(state.resolve("in-the-way"));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    awaitTheDaemonFailed();
    MaintctlRun health =
        MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, "health");
    assertEquals(1, health.code(), health.out() + health.err());
    assertTrue(health.out().startsWith("state       FAILED\n"), health.out());
    assertTrue(
        health.out().lines().anyMatch(l -> l.matches("(store|runner)\\s+FAILED.*state\\.json.*")),
        health.out());
    assertTrue(health.err().contains("maintd has failed: "), health.err());
  }

  /** Waits for the FAILED state, not the first 503: an unreadable state answers 503 first. */
  private void awaitTheDaemonFailed() throws Exception {
    cluster.awaitTrue(
        "the daemon to fail",
        () ->
            "FAILED"
                .equals(((Map<?, ?>) Json.parse(cluster.getRaw("/1/health").body())).get("state")));
    assertEquals(503, cluster.getRaw("/1/health").statusCode());
  }
}
