package org.maintd.daemon.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
  TestingServer server;
  TestCluster cluster;

  @AfterEach
  void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aLeadersFaultEndsWithItsLeadership() throws Exception {
    server = new TestingServer(true);
    cluster = new TestCluster(tmp);
    cluster.ha = Ensembles.electedWithStateIn(server.getConnectString());
    cluster.startDaemon();
    cluster.awaitTrue("it leads", () -> Boolean.TRUE.equals(health().get("leader")));
    cluster.stopCollector("n3");
    cluster.awaitTrue(
        "the unreachable collector is a fault", () -> faults().contains("COLLECTORS_UNREACHABLE"));

    server.stop();
    cluster.awaitTrue(
        "it stops leading, and the fault of its work ends with that",
        () -> !Boolean.TRUE.equals(health().get("leader")) && faults().isEmpty());
  }

  private Map<?, ?> health() throws Exception {
    return Json.MAPPER.readValue(cluster.getRaw("/1/health").body(), Map.class);
  }

  private List<String> faults() throws Exception {
    Object listed = health().get("faults");
    List<?> faults = listed instanceof List<?> l ? l : List.of();
    return faults.stream().map(f -> (String) ((Map<?, ?>) f).get("fault")).toList();
  }
}
