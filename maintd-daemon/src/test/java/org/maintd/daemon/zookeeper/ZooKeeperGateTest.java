package org.maintd.daemon.zookeeper;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.config.ZooKeeper;

/**
 * A leader whose ZooKeeper connection is suspended waits before a change rather than giving up:
 * back in the same session, the change goes on; no connection within the session's time, it fails
 * as unavailable. On a real server, stopped and started again on its port.
 */
class ZooKeeperGateTest {
  TestingServer server;
  ZooKeeperConnection zk;

  @AfterEach
  void stop() throws Exception {
    if (zk != null) {
      zk.close();
    }
    server.close();
  }

  private ZooKeeperGate gate(Duration session) throws Exception {
    zk =
        new ZooKeeperConnection(
            new ZooKeeper(
                server.getConnectString(),
                session,
                Duration.ofSeconds(5),
                "/maintd",
                null,
                Duration.ZERO),
            Clock.systemUTC());
    zk.start();
    ZooKeeperStateStore store = new ZooKeeperStateStore(zk.client(), "http://a:1816");
    Instant now = Instant.now();
    store.save(store.load(now).nextVersion(now));
    return new ZooKeeperGate(zk, store, session, cluster -> true, () -> true);
  }

  @Test
  void aChangeDuringASuspendedConnectionWaitsAndGoesOnOnceItIsBackInTheSameSession()
      throws Exception {
    server = new TestingServer(InstanceSpec.newInstanceSpec(), true);
    ZooKeeperGate gate = gate(Duration.ofSeconds(20));
    server.stop();
    await().atMost(Duration.ofSeconds(20)).until(() -> !zk.usable());
    assertFalse(gate.mayAct(null), "no tick while suspended");
    CompletableFuture<Void> change = CompletableFuture.runAsync(gate::beforeChange);
    await("the change waits")
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> !change.isDone());
    server.restart();
    change.get(20, TimeUnit.SECONDS);
    assertTrue(zk.usable());
    assertTrue(gate.mayAct(null), "the same session goes on");
  }

  @Test
  void aChangeWhoseConnectionDoesNotComeBackWithinTheSessionFailsAsUnavailable() throws Exception {
    server = new TestingServer(InstanceSpec.newInstanceSpec(), true);
    ZooKeeperGate gate = gate(Duration.ofSeconds(2));
    server.stop();
    await().atMost(Duration.ofSeconds(20)).until(() -> !zk.usable());
    ZooKeeperStateStore.Unavailable e =
        assertThrows(ZooKeeperStateStore.Unavailable.class, gate::beforeChange);
    assertTrue(e.getMessage().contains("nothing is submitted"), e.getMessage());
  }
}
