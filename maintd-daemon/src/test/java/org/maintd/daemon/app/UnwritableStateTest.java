package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * A daemon whose state file can no longer be replaced (a directory in its place: the rename fails)
 * does not fail: {@code /1/health} answers 503 with the state {@code STATE_UNWRITABLE} naming the
 * file and the reason, its parts all running; nothing is submitted; {@code maintctl health} says so
 * and exits 1; and once the file can be written again the daemon resumes by itself, without
 * exiting. Costs about 3 s.
 */
class UnwritableStateTest {
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
  void aStateThatCannotBeWrittenStopsTheWorkSaysWhyAndResumesWithoutExitingOnceItCan()
      throws Exception {
    cluster.startDaemon();
    assertEquals(200, cluster.getRaw("/1/health").statusCode());
    Path state = tmp.resolve("state/state.json");
    Files.delete(state);
    Files.createDirectories(state.resolve("in-the-way"));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    awaitUnwritable();
    Map<?, ?> health = (Map<?, ?>) Json.parse(cluster.getRaw("/1/health").body());
    assertEquals(503, cluster.getRaw("/1/health").statusCode());
    assertTrue(
        health.get("last_error").toString().contains(state + ": Is a directory"),
        health.toString());
    assertTrue(
        ((List<?>) health.get("parts"))
            .stream().map(p -> (Map<?, ?>) p).allMatch(p -> "RUNNING".equals(p.get("state"))),
        "no part failed: " + health.get("parts"));
    assertTrue(cluster.getRaw("/metrics").body().contains("maintd_failed 0.0"));
    assertEquals(List.of(), cluster.simJobs(), "nothing was submitted");
    Files.delete(state.resolve("in-the-way"));
    Files.delete(state);
    cluster.awaitTrue("the evacuation to begin", () -> !cluster.simJobs().isEmpty());
    assertEquals(200, cluster.getRaw("/1/health").statusCode());
    assertFalse(cluster.daemon().exit().isDone(), "the daemon did not exit");
  }

  @Test
  void maintctlHealthShowsTheStateThatCannotBeWrittenAndExits1() throws Exception {
    cluster.startDaemon();
    Path state = tmp.resolve("state/state.json");
    Files.delete(state);
    Files.createDirectories(state.resolve("in-the-way"));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    awaitUnwritable();
    MaintctlRun health =
        MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, "health");
    assertEquals(1, health.code(), health.out() + health.err());
    assertTrue(health.out().startsWith("state       STATE_UNWRITABLE\n"), health.out());
    assertTrue(
        health
            .out()
            .lines()
            .anyMatch(
                l ->
                    l.matches(
                        "fault +STATE_UNWRITABLE since .*\\(no work is done while it lasts\\): .*"
                            + java.util.regex.Pattern.quote(state + ": Is a directory")
                            + ".*")),
        health.out());
  }

  private void awaitUnwritable() {
    cluster.awaitTrue(
        "the state to be unwritable",
        () ->
            "STATE_UNWRITABLE"
                .equals(((Map<?, ?>) Json.parse(cluster.getRaw("/1/health").body())).get("state")));
  }
}
