package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.Ensembles;
import org.maintd.daemon.testing.HaConfigs;
import org.maintd.daemon.testing.NetCut;
import org.maintd.daemon.testing.SharedSimJobs;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * The leader cut from its collectors but not from ZooKeeper (nftables, its process in a cgroup of
 * its own), on the simulated cluster: it stays the leader, shows {@code COLLECTORS_UNREACHABLE}
 * naming every collector within a poll and its timeout, submits nothing for a fault it cannot see,
 * and once healed ends the fault and repairs the node, each job once. About 40 s; skipped without
 * root and nft unless {@code MAINTD_FAULTS_REQUIRED=true}.
 */
class CollectorsCutProcessIT {
  private static final Duration SESSION = Duration.ofSeconds(2);
  private static final Duration POLL = Duration.ofMillis(200);

  @TempDir Path tmp;
  NetCut cut;
  TestCluster cluster;
  TestingCluster zk;
  DaemonProcesses daemons;

  @BeforeEach
  void start() throws Exception {
    cut = NetCut.required();
    cluster = new TestCluster(tmp);
    zk = new TestingCluster(Ensembles.belowEphemeralPorts(tmp, 3));
    zk.start();
    Ensembles.awaitServing(zk);
    daemons = new DaemonProcesses(tmp, 2, "128m").inGroups(cut);
  }

  @AfterEach
  void stop() throws Exception {
    if (daemons != null) {
      daemons.close();
    }
    if (cut != null) {
      cut.close();
    }
    if (zk != null) {
      zk.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  private String faults(int i) {
    return String.valueOf(daemons.json(i, "/1/health").get("faults"));
  }

  private boolean repaired(int i, String node) throws Exception {
    for (Object o : (List<?>) Json.parse(daemons.get(i, "/1/status").body())) {
      Map<?, ?> incident = (Map<?, ?>) o;
      if (node.equals(incident.get("node")) && "completed".equals(incident.get("repair-status"))) {
        return true;
      }
    }
    return false;
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void aLeaderCutFromItsCollectorsSaysSoStaysLeaderAndRepairsOnceHealed() throws Exception {
    HaConfigs configs = new HaConfigs(tmp, cluster, SESSION, SESSION, POLL);
    for (int i = 0; i < 2; i++) {
      daemons.launch(i, configs.write(i, daemons.port(i), zk.getConnectString(), ""));
    }
    int leader = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    cut.cutFrom(DaemonProcesses.group(leader), cluster.collectorPorts());
    daemons.within(
        "the collectors' fault shows",
        Duration.ofSeconds(10),
        () -> faults(leader).contains("5 of 5 collectors did not answer the last poll"));
    assertTrue(
        daemons
            .get(leader, "/metrics")
            .body()
            .contains("maintd_fault{fault=\"COLLECTORS_UNREACHABLE\"} 1.0"));
    Files.writeString(cluster.diagnoseDir.resolve("n2.json"), "{\"status\": \"evacuate\"}");
    await("it leads on, seeing no report, submitting nothing")
        .during(Duration.ofSeconds(4))
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                daemons.leader() == leader
                    && noJobs()
                    && faults(leader).contains("COLLECTORS_UNREACHABLE"));
    cut.heal(DaemonProcesses.group(leader));
    daemons.within(
        "the fault ends and n2 is repaired",
        Duration.ofSeconds(60),
        () -> !faults(leader).contains("COLLECTORS_UNREACHABLE") && repaired(leader, "n2"));
    assertEquals(leader, daemons.leader(), "no restart, no takeover");
    SharedSimJobs.assertNoKeyTwice(tmp.resolve("state"));
    String log = daemons.log(leader);
    assertEquals(1, count(log, "fault COLLECTORS_UNREACHABLE begins"), log);
    assertEquals(1, count(log, "fault COLLECTORS_UNREACHABLE ends"), log);
  }

  private boolean noJobs() throws Exception {
    List<Map<String, Object>> jobs = SharedSimJobs.in(tmp.resolve("state"));
    return jobs == null || jobs.isEmpty();
  }

  private static long count(String text, String what) {
    return text.lines().filter(l -> l.contains(what)).count();
  }
}
