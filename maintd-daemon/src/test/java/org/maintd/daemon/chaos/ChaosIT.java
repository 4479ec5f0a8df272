package org.maintd.daemon.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.NetCut;

/**
 * The short chaos runs, as CI runs them: one fault of each kind the simulated cluster has, each
 * against real processes during evacuations. Under ZooKeeper: a leader cut from ZooKeeper, a
 * ZooKeeper server cut from its peers, a paused leader, lossy links, a node's skewed clock; with
 * the file store: a full and a read-only disk under it, a collector's full disk. Every fault is
 * noticed and recovered from without a restart, no job is submitted twice, every incident ends and
 * the state reads back alike. (The master's stepped clock has its own test, ClockFaultsIT, and the
 * cluster's API its own on the Ganeti sandbox.)
 */
class ChaosIT {
  @TempDir Path dir;

  @Test
  @Timeout(value = 7, unit = TimeUnit.MINUTES)
  void underZooKeeperEachFaultIsNoticedAndRecoveredFromWithNoJobTwice() throws Exception {
    passes(
        "sim",
        19560,
        List.of(
            "cut-leader-zk", "partition-zk-server", "pause-leader", "lossy-links", "node-skew"));
  }

  @Test
  @Timeout(value = 6, unit = TimeUnit.MINUTES)
  void withTheFileStoreAFullOrReadOnlyDiskLosesNothingAndIsRecoveredFrom() throws Exception {
    passes("sim-file", 19620, List.of("disk-full", "disk-readonly", "collector-disk-full"));
  }

  private void passes(String target, int port, List<String> kinds) throws Exception {
    NetCut.required().close();
    ChaosRun run =
        ChaosRun.of(
            dir.resolve("chaos-" + target),
            6,
            "--target",
            target,
            "--once",
            "--every",
            "1",
            "--minutes",
            "5",
            "--port",
            Integer.toString(port),
            "--seed",
            "43",
            "--kinds",
            String.join(",", kinds));
    assertEquals(0, run.exit(), run.output());
    Map<?, ?> report = run.report();
    assertEquals(0L, ((Number) report.get("twice")).longValue(), run.output());
    assertEquals(0L, ((Number) report.get("incidents_never_ended")).longValue(), run.output());
    assertEquals(0L, ((Number) report.get("answered_as_leader")).longValue(), run.output());
    assertEquals(true, report.get("state_reads_back"), run.output());
    assertEquals(
        kinds.stream().sorted().toList(),
        run.faults().stream().map(f -> (String) f.get("kind")).sorted().toList(),
        run.output());
    for (Map<?, ?> fault : run.faults()) {
      assertTrue(fault.get("recovered_ms") instanceof Number, fault + "\n" + run.output());
      assertFalse((Boolean) fault.get("restarted"), fault + "\n" + run.output());
    }
  }
}
