package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;

/**
 * {@code maintctl down} and {@code up} against a real daemon on the simulated cluster, reporting
 * the outcome rather than the submission: a forced down of a draining machine whose instance
 * declines waits while the instance moves and ends DOWN, its node offline; a job that fails ends
 * the wait with exit 1 and the cluster's message, which the machine's status shows too; {@code
 * --no-wait} answers what was accepted.
 */
@org.junit.jupiter.api.Timeout(value = 120, unit = java.util.concurrent.TimeUnit.SECONDS)
class DownAndUpEndToEndTest {
  @TempDir Path tmp;
  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private MaintctlRun maintctl(String... args) {
    return MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, args);
  }

  private MaintctlRun ok(String... args) {
    MaintctlRun r = maintctl(args);
    assertEquals(0, r.code(), String.join(" ", args) + ": " + r.out() + r.err());
    return r;
  }

  @Test
  void aForcedDownOfADrainingMachineWhoseInstanceDeclinesMovesItAndEndsDown() throws Exception {
    ok("sim", "tag", "--kind", "instance", "app1", "add", "maintd:consent:decline:batch");
    ok("schedule", "add", "n3", "--start", "+30m");
    cluster.awaitTrue(
        "n3 drained, app1 declining and staying",
        () ->
            "DRAIN".equals(cluster.node("n3").get("mode"))
                && ((List<?>) cluster.node("n3").get("secondary_instances")).isEmpty()
                && ok("plan").out().contains("app1 declined (batch"));
    MaintctlRun refused = maintctl("down", "n3");
    assertEquals(1, refused.code());
    assertTrue(
        refused.err().contains("n3 still has instances: app1 (--force takes it down anyway)"),
        refused.err());

    MaintctlRun down = ok("down", "n3", "--force");
    assertTrue(
        down.err().startsWith("n3: DOWN once 1 instance has moved (app1; declines overridden)\n"),
        down.err());
    assertEquals("n3: DOWN (offline)\n", down.out());
    Map<String, Object> n3 = cluster.node("n3");
    assertEquals(true, n3.get("offline"));
    assertEquals("DOWN", n3.get("mode"));
    assertEquals(List.of(), n3.get("primary_instances"), "app1 moved despite its decline");
    assertEquals(List.of(), n3.get("secondary_instances"));

    MaintctlRun up = ok("up", "n3");
    assertTrue(up.out().startsWith("n3: back in service through job "), up.out());
    assertEquals(false, cluster.node("n3").get("offline"), "up answers once the job has run");
    assertEquals(false, cluster.node("n3").get("drained"));
  }

  @Test
  void aJobThatFailsEndsTheWaitWithItsMessageAndShowsInTheMachinesStatus() throws Exception {
    ok("schedule", "add", "n5", "--start", "+2d");
    ok("sim", "fail", "--op", "offline", "--node", "n5");
    MaintctlRun failed = maintctl("down", "n5", "--force");
    assertEquals(1, failed.code(), failed.out() + failed.err());
    assertTrue(failed.err().startsWith("n5: DOWN once job "), failed.err());
    assertFalse(
        (failed.out() + failed.err()).contains("DOWN through job"), "never said it is DOWN");
    assertTrue(failed.err().contains("maintctl: n5: job "), failed.err());
    assertTrue(failed.err().contains(" error: "), failed.err());
    Map<?, ?> status = (Map<?, ?>) cluster.get("/1/maintenance/status");
    Map<?, ?> notice = (Map<?, ?>) ((List<?>) status.get("notices")).get(0);
    assertEquals("n5", notice.get("node"));
    assertEquals("job-failed", notice.get("kind"));
    assertTrue(
        failed.err().contains("maintctl: n5: " + notice.get("message")),
        failed.err() + " / " + notice);
    assertEquals("UP", cluster.node("n5").get("mode"), "not DOWN: scheduled, UP");

    MaintctlRun accepted = ok("down", "n5", "--force", "--no-wait");
    assertTrue(accepted.out().matches("n5: DOWN through job \\d+ \\(offline\\)\n"), accepted.out());
    assertEquals("", accepted.err());
    cluster.awaitTrue("n5 offline", () -> Boolean.TRUE.equals(cluster.node("n5").get("offline")));
    assertEquals(
        List.of(),
        ((Map<?, ?>) cluster.get("/1/maintenance/status")).get("notices"),
        "the next command ends the notice");
    MaintctlRun up = ok("up", "n5", "--wait");
    assertEquals(false, cluster.node("n5").get("offline"), up.out());
  }
}
