package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.SmallDisk;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.spi.MaintdState;

/**
 * A daemon on the simulated cluster whose state directory is a small disk of its own that fills, or
 * turns read-only, while it evacuates a node: {@code /1/health} names {@code STATE_UNWRITABLE} with
 * the file and the kernel's reason within a poll interval or so, {@code
 * maintd_fault{fault="STATE_UNWRITABLE"}} is 1, the log says it once when it begins and once when
 * it ends, the state file still reads as the last good state, no job is submitted while it lasts,
 * and once the disk takes writes again the evacuation completes, with no job twice and no restart.
 * The simulated cluster's own file and the lock file are kept off the small disk (links to them):
 * the one is the cluster's, not the daemon's, and an open file keeps the kernel from making the
 * disk read-only. Needs root (skipped without, failed with {@code MAINTD_FAULTS_REQUIRED=true});
 * costs about 4 s.
 */
class FullDiskEndToEndTest {
  @TempDir Path tmp;

  private TestCluster cluster;
  private SmallDisk disk;
  private CapturedLog log;

  @BeforeEach
  void start() throws Exception {
    disk = SmallDisk.required(tmp.resolve("state"));
    Files.createSymbolicLink(
        disk.dir().resolve("sim"), Files.createDirectories(tmp.resolve("sim-cluster")));
    Files.createSymbolicLink(
        disk.dir().resolve("state.json.lock"), Files.createFile(tmp.resolve("state.json.lock")));
    cluster = new TestCluster(tmp);
    cluster.operationTime = Duration.ofMillis(300);
    log = new CapturedLog();
  }

  @AfterEach
  void stop() throws Exception {
    try {
      cluster.close();
      log.close();
    } finally {
      disk.close();
    }
  }

  @Test
  @Timeout(90)
  void aStateDirectoryThatFillsDuringAnEvacuationStopsItUntilThereIsSpaceThenItCompletes()
      throws Exception {
    faultDuringAnEvacuation(disk::fill, disk::free, "No space left on device");
  }

  @Test
  @Timeout(90)
  void aStateDirectoryThatTurnsReadOnlyDuringAnEvacuationStopsItUntilWritableThenItCompletes()
      throws Exception {
    faultDuringAnEvacuation(disk::readOnly, disk::writable, "Read-only file system");
  }

  /** What a disk fault, made by {@code fault} and undone by {@code undo}, does to an evacuation. */
  private void faultDuringAnEvacuation(Step fault, Step undo, String reason) throws Exception {
    cluster.startDaemon();
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    cluster.awaitTrue("the evacuation to begin", () -> !cluster.simJobs().isEmpty());
    long before = System.nanoTime();
    fault.run();
    System.out.printf("fault made in %d ms%n", (System.nanoTime() - before) / 1_000_000);
    double injected = System.currentTimeMillis() / 1000.0;
    Map<?, ?> fault1 = awaitFault();
    double noticed = ((Number) fault1.get("since")).doubleValue() - injected;
    System.out.printf("STATE_UNWRITABLE (%s) noticed %.3f s after the fault%n", reason, noticed);
    assertTrue(noticed < 1.0, "noticed within a poll interval (100 ms) or so: " + noticed + " s");
    assertEquals(
        disk.dir().resolve("state.json") + ": " + reason,
        fault1.get("detail").toString().replaceAll(" \\(.*\\)$", ""),
        "names the file and the reason");
    assertEquals(503, cluster.getRaw("/1/health").statusCode());
    assertTrue(metrics().contains("\nmaintd_fault{fault=\"STATE_UNWRITABLE\"} 1.0\n"));

    cluster.awaitTrue("the jobs submitted before the fault to end", this::noJobRuns);
    int submitted = cluster.simJobs().size();
    await("nothing submitted while the fault lasts")
        .during(Duration.ofMillis(1000))
        .atMost(Duration.ofSeconds(5))
        .until(() -> cluster.simJobs().size() == submitted);
    MaintdState onDisk = FileStateStore.peek(disk.dir().resolve("state.json"));
    assertEquals(
        cluster.incidents().get(0).get("jobs").toString(),
        onDisk.incidents().get(0).jobs().stream().map(Long::parseLong).toList().toString(),
        "the state file reads as the last good state, the one the daemon serves");

    undo.run();
    cluster.awaitIncident("the evacuation of n2 to complete", on("n2", "completed"));
    assertEquals(200, cluster.getRaw("/1/health").statusCode());
    assertTrue(metrics().contains("\nmaintd_fault{fault=\"STATE_UNWRITABLE\"} 0.0\n"));
    List<String> keys = cluster.simJobs().stream().map(j -> j.get("key").toString()).toList();
    assertEquals(keys.stream().distinct().toList(), keys, "no job submitted twice");
    List<String> told = log.messages().stream().filter(m -> m.contains(reason)).toList();
    assertEquals(2, told.size(), "one line when it begins, one when it ends: " + told);
    assertTrue(told.get(0).startsWith("fault STATE_UNWRITABLE begins: "), told.get(0));
    assertTrue(told.get(1).startsWith("fault STATE_UNWRITABLE ends after "), told.get(1));
    assertFalse(cluster.daemon().exit().isDone(), "the daemon never stopped");
  }

  private Map<?, ?> awaitFault() throws Exception {
    cluster.awaitTrue(
        "health to name STATE_UNWRITABLE", () -> "STATE_UNWRITABLE".equals(health().get("state")));
    return ((List<?>) health().get("faults"))
        .stream()
            .map(f -> (Map<?, ?>) f)
            .filter(f -> "STATE_UNWRITABLE".equals(f.get("fault")))
            .findFirst()
            .orElseThrow();
  }

  private boolean noJobRuns() throws Exception {
    return cluster.simJobs().stream().noneMatch(j -> "running".equals(j.get("status")));
  }

  private Map<?, ?> health() throws Exception {
    return (Map<?, ?>) Json.parse(cluster.getRaw("/1/health").body());
  }

  private String metrics() throws Exception {
    return cluster.getRaw("/metrics").body();
  }

  /** A step of the test that may throw. */
  private interface Step {
    void run() throws Exception;
  }
}
