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
 * The short chaos run on the simulated cluster under ZooKeeper, as CI runs it: one fault of each
 * kind the simulated cluster has (a leader cut from ZooKeeper, a ZooKeeper server cut from its
 * peers, a paused leader, lossy links, a full disk, a stepped clock, a node's skewed clock), each
 * against real processes, during evacuations. Every fault is noticed and recovered from without a
 * restart, no job is submitted twice, every incident ends and the state reads back alike.
 */
class ChaosIT {
  static final List<String> KINDS =
      List.of(
          "cut-leader-zk",
          "partition-zk-server",
          "pause-leader",
          "lossy-links",
          "disk-full",
          "clock-forward",
          "node-skew");

  @TempDir Path dir;

  @Test
  @Timeout(value = 8, unit = TimeUnit.MINUTES)
  void oneFaultOfEachKindIsNoticedAndRecoveredFromWithNoJobTwiceAndNothingLost() throws Exception {
    NetCut.required().close();
    ChaosRun run =
        ChaosRun.of(
            dir.resolve("chaos"),
            7,
            "--target",
            "sim",
            "--once",
            "--every",
            "1",
            "--minutes",
            "6",
            "--port",
            "19560",
            "--seed",
            "43",
            "--kinds",
            String.join(",", KINDS));
    assertEquals(0, run.exit(), run.output());
    Map<?, ?> report = run.report();
    assertEquals(0, report.get("twice"), run.output());
    assertEquals(0, report.get("incidents_never_ended"), run.output());
    assertEquals(0, report.get("answered_as_leader"), run.output());
    assertEquals(true, report.get("state_reads_back"), run.output());
    assertEquals(
        KINDS.stream().sorted().toList(),
        run.faults().stream().map(f -> (String) f.get("kind")).sorted().toList(),
        run.output());
    for (Map<?, ?> fault : run.faults()) {
      assertTrue(fault.get("recovered_ms") instanceof Number, fault + "\n" + run.output());
      assertFalse((Boolean) fault.get("restarted"), fault + "\n" + run.output());
    }
  }
}
