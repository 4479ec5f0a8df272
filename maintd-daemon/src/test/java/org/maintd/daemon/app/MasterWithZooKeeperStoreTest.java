package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.ClusterInZooKeeper;
import org.maintd.daemon.testing.Ensembles;
import org.maintd.daemon.testing.TestCluster;

/**
 * {@code leadership: master} with {@code store: zookeeper}: the daemon on the master, which stands
 * for no election, takes the stored state over under a new epoch, waits out the fence while it
 * still leads, and keeps its state in ZooKeeper.
 */
class MasterWithZooKeeperStoreTest {
  @TempDir Path tmp;

  @Test
  void theDaemonOnTheMasterTakesTheStateOverInZooKeeperWithoutAnElection() throws Exception {
    try (ClusterInZooKeeper zk = ClusterInZooKeeper.of(tmp, Ensembles::onTheMasterWithStateIn)) {
      TestCluster cluster = zk.cluster;
      cluster.startDaemon();
      await("the daemon leads")
          .atMost(Duration.ofSeconds(30))
          .until(() -> cluster.daemon().health().leader());
      assertEquals(200, cluster.signedPost("/1/pause", "").statusCode());
      try (CuratorFramework client =
          CuratorFrameworkFactory.newClient(zk.server.getConnectString(), new RetryOneTime(10))) {
        client.start();
        assertNotNull(client.checkExists().forPath("/maintd/state"), "the state is in ZooKeeper");
      }
      String health = cluster.getRaw("/1/health").body();
      assertTrue(health.contains("\"zookeeper\""), health);
      assertTrue(cluster.getRaw("/1/paused").body().contains("\"paused\":true"));
    }
  }
}
