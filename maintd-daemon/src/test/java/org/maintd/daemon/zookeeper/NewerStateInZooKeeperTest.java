package org.maintd.daemon.zookeeper;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.Ensembles;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.WrittenStates;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.state.StateEnvelope;

/**
 * A state in ZooKeeper that a newer maintd stored (its envelope is this maintd's format, the state
 * file in it of a newer schema), as a daemon not yet upgraded meets it: it stays up, leads nothing
 * on it, leaves it as it is, and its {@code /1/health} names both schemas and the upgrade that
 * reads it. Costs a ZooKeeper server in this JVM and about five seconds.
 */
class NewerStateInZooKeeperTest {
  @TempDir Path tmp;

  @Test
  void aStateOfANewerSchemaIsLeftAsItIsAndHealthAsksForTheUpgrade() throws Exception {
    byte[] stored =
        StateEnvelope.pack(
                new String(WrittenStates.newer(), StandardCharsets.UTF_8),
                49,
                3,
                "http://node9:1816",
                512 * 1024)
            .envelope()
            .toBytes();
    try (TestingServer server = new TestingServer(true);
        CuratorFramework zk =
            CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(10));
        TestCluster cluster = new TestCluster(tmp)) {
      zk.start();
      zk.create().creatingParentsIfNeeded().forPath("/maintd/state", stored);
      cluster.ha = Ensembles.electedWithStateIn(server.getConnectString());
      cluster.startDaemon();
      await("the daemon says it cannot read the state")
          .atMost(Duration.ofSeconds(30))
          .until(() -> cluster.getRaw("/1/health").statusCode() == 503);
      Map<?, ?> health = (Map<?, ?>) Json.parse(cluster.getRaw("/1/health").body());
      assertEquals("STATE_UNREADABLE", health.get("state"), health.toString());
      assertEquals(
          "the stored state in ZooKeeper /maintd/state cannot be read: serial 49, written by"
              + " http://node9:1816: state: "
              + WrittenStates.NEWER_SAID
              + "; this maintd submits nothing on it and must not replace it: upgrade this daemon"
              + " to the version that wrote it (see Upgrading in docs/operations.md)",
          health.get("last_error"));
      await("the state is left as it is while the daemon looks again at every poll")
          .during(Duration.ofSeconds(2))
          .atMost(Duration.ofSeconds(5))
          .until(
              () ->
                  java.util.Arrays.equals(stored, zk.getData().forPath("/maintd/state"))
                      && cluster.getRaw("/1/health").statusCode() == 503);
      assertArrayEquals(stored, zk.getData().forPath("/maintd/state"));
    }
  }
}
