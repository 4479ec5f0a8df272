package org.maintd.daemon.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.repair.RepairService;
import org.maintd.collector.repair.ResultsUnwritable;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.SmallDisk;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;

/**
 * A collector whose repair results are on a small disk of its own (a tmpfs of 512 KiB) that fills
 * or turns read-only: it keeps answering, runs no command whose claim it cannot write and says why
 * (503 {@code results-unwritable}, naming the directory and the kernel's reason), loses none of the
 * results it stored, and runs the command once when the disk takes writes again; the daemon's live
 * repair waits meanwhile (the incident pending, its node not marked failed) and completes after.
 * Needs root (skipped without, failed with {@code MAINTD_FAULTS_REQUIRED=true}); costs about 3 s.
 */
class RepairResultsOnASmallDiskTest {
  @TempDir Path tmp;

  private SmallDisk disk;

  @AfterEach
  void unmount() throws Exception {
    if (disk != null) {
      disk.close();
    }
  }

  @Test
  void aFullDiskRunsNothingLosesNothingAndRunsTheRequestOnceThereIsSpace() throws Exception {
    theDiskRefusesThenTakes(() -> disk.fill(), () -> disk.free(), "No space left on device");
  }

  @Test
  void aReadOnlyDiskRunsNothingLosesNothingAndRunsTheRequestOnceWritable() throws Exception {
    theDiskRefusesThenTakes(() -> disk.readOnly(), () -> disk.writable(), "Read-only file system");
  }

  private void theDiskRefusesThenTakes(Step fault, Step undo, String reason) throws Exception {
    disk = SmallDisk.required(tmp.resolve("results"));
    Path runs = tmp.resolve("runs");
    RepairService repairs = service(runs);
    UUID earlier = UUID.randomUUID();
    assertTrue(repairs.repair(request(earlier)).succeeded());
    fault.run();
    UUID now = UUID.randomUUID();
    ResultsUnwritable refused =
        assertThrows(ResultsUnwritable.class, () -> repairs.repair(request(now)));
    assertTrue(
        refused
            .getMessage()
            .startsWith("the repair results in " + disk.dir() + " cannot be written (" + reason),
        refused.getMessage());
    RepairResult replay = repairs.repair(request(earlier));
    assertTrue(replay.replayed() && replay.succeeded(), "what was stored is still answered");
    assertEquals(1, repairs.records().repairs().size(), "and listed");
    assertEquals(List.of("run"), Files.readAllLines(runs), "the refused command did not run");
    undo.run();
    assertTrue(repairs.repair(request(now)).succeeded());
    assertTrue(repairs.repair(request(now)).replayed());
    assertEquals(List.of("run", "run"), Files.readAllLines(runs), "it ran once");
  }

  @Test
  @Timeout(60)
  void theDaemonsLiveRepairWaitsForACollectorWhoseDiskIsFullAndCompletesAfter() throws Exception {
    disk = SmallDisk.required(tmp.resolve("results/n4"));
    disk.fill();
    try (TestCluster cluster = new TestCluster(tmp);
        CapturedLog log = new CapturedLog()) {
      cluster.startDaemon();
      cluster.report("n4", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
      cluster.awaitTrue(
          "the collector to say it cannot record results",
          () ->
              log.messages().stream()
                  .anyMatch(m -> m.contains("the collector of n4 did not run it now")));
      cluster.awaitTicks(3);
      Map<String, Object> waiting = cluster.incidents().get(0);
      assertEquals("pending", waiting.get("repair-status"), "waiting, not failed: " + waiting);
      assertEquals(200, cluster.getRaw("/1/health").statusCode(), "the daemon does its work");
      Map<?, ?> fault = collectorDiskFull(cluster);
      assertTrue(
          fault.get("detail").toString().startsWith("the collector of n4 did not run it now: "),
          fault.toString());
      assertEquals(false, fault.get("stops_work"));
      assertTrue(
          cluster
              .getRaw("/metrics")
              .body()
              .contains("\nmaintd_fault{fault=\"COLLECTOR_DISK_FULL\"} 1.0\n"));
      disk.free();
      Map<String, Object> done = cluster.awaitIncident("the live repair", on("n4", "completed"));
      assertTrue(Files.exists(disk.dir().resolve(done.get("uuid") + ".json")));
      List<String> told =
          log.messages().stream()
              .filter(m -> m.startsWith("[incident=") && m.contains("the collector of n4"))
              .toList();
      assertEquals(2, told.size(), "once when it begins to wait, once when it ends: " + told);
      cluster.awaitTrue(
          "the fault to end",
          () ->
              cluster
                  .getRaw("/metrics")
                  .body()
                  .contains("\nmaintd_fault{fault=\"COLLECTOR_DISK_FULL\"} 0.0\n"));
      assertEquals(
          2,
          log.messages().stream().filter(m -> m.startsWith("fault COLLECTOR_DISK_FULL ")).count(),
          "the fault begins and ends once");
      try (Stream<Path> files = Files.list(disk.dir())) {
        assertEquals(1, files.filter(p -> p.toString().endsWith(".started")).count());
      }
    }
  }

  private static Map<?, ?> collectorDiskFull(TestCluster cluster) throws Exception {
    Map<?, ?> health =
        (Map<?, ?>) org.maintd.protocol.json.Json.parse(cluster.getRaw("/1/health").body());
    return ((List<?>) health.get("faults"))
        .stream()
            .map(f -> (Map<?, ?>) f)
            .filter(f -> "COLLECTOR_DISK_FULL".equals(f.get("fault")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no COLLECTOR_DISK_FULL in " + health));
  }

  private RepairService service(Path runs) throws Exception {
    Path whitelist = Files.createDirectories(tmp.resolve("repair"));
    Files.setPosixFilePermissions(whitelist, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path fix = whitelist.resolve("fix");
    Files.writeString(fix, "#!/bin/sh\ncat > /dev/null; echo run >> " + runs + "; echo fixed\n");
    Files.setPosixFilePermissions(fix, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new RepairService(
        "n1",
        new Whitelist(whitelist),
        new CommandRunner(65536),
        Duration.ofSeconds(10),
        disk.dir(),
        Clock.systemUTC());
  }

  private static RepairRequest request(UUID incident) {
    return new RepairRequest(
        incident, "n1", "fix", Map.of("status", "live-repair", "command", "fix"));
  }

  /** A step of the test that may throw. */
  private interface Step {
    void run() throws Exception;
  }
}
