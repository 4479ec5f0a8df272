package org.maintd.daemon.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.ClusterInZooKeeper;
import org.maintd.daemon.testing.Ensembles;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * A leader that loses its ZooKeeper session while a fault of its work lasts (a collector it cannot
 * reach) lists that fault no more once it stops leading: no one looks for it on a standby, so it
 * would otherwise last there, stale, and the daemon never say it is healthy again. Its clock's
 * fault is its own and is not touched. About 10 s.
 */
class FaultsEndWithLeadershipTest {
  @TempDir Path tmp;

  @Test
  void aLeadersFaultEndsWithItsLeadership() throws Exception {
    try (ClusterInZooKeeper zk = ClusterInZooKeeper.of(tmp, Ensembles::electedWithStateIn)) {
      TestCluster cluster = zk.cluster;
      cluster.startDaemon();
      cluster.awaitTrue("it leads", () -> Boolean.TRUE.equals(health(cluster).get("leader")));
      cluster.stopCollector("n3");
      cluster.awaitTrue(
          "the unreachable collector is a fault",
          () -> faults(cluster).contains("COLLECTORS_UNREACHABLE"));

      zk.server.stop();
      cluster.awaitTrue(
          "it stops leading, and the fault of its work ends with that",
          () -> !Boolean.TRUE.equals(health(cluster).get("leader")) && faults(cluster).isEmpty());
    }
  }

  private static Map<?, ?> health(TestCluster cluster) throws Exception {
    return Json.MAPPER.readValue(cluster.getRaw("/1/health").body(), Map.class);
  }

  private static List<String> faults(TestCluster cluster) throws Exception {
    Object listed = health(cluster).get("faults");
    List<?> faults = listed instanceof List<?> l ? l : List.of();
    return faults.stream().map(f -> (String) ((Map<?, ?>) f).get("fault")).toList();
  }
}
