package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

/** The state in a real ZooKeeper server (Curator's in-process test server). */
class ZooKeeperStateStoreTest {
  private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

  private TestingServer server;
  private final List<CuratorFramework> clients = new ArrayList<>();

  @BeforeEach
  void startServer() throws Exception {
    server = new TestingServer(true);
  }

  @AfterEach
  void stopServer() throws Exception {
    clients.forEach(CuratorFramework::close);
    server.close();
  }

  private CuratorFramework client() {
    CuratorFramework c =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .retryPolicy(new RetryOneTime(100))
            .namespace("maintd")
            .build();
    c.start();
    clients.add(c);
    return c;
  }

  private static MaintdState paused(MaintdState s, Instant at, String why) {
    return s.withPaused(true, why).versionAfter(s, at);
  }

  @Test
  void nothingStoredLoadsTheInitialStateAndAWriteCreatesIt() {
    ZooKeeperStateStore store = new ZooKeeperStateStore(client(), "http://a:1816");
    assertFalse(store.exists());
    MaintdState initial = store.load(T0);
    assertEquals(0, initial.serial());
    MaintdState saved = store.save(paused(initial, T0, "first"));
    assertTrue(store.exists());

    MaintdState read = new ZooKeeperStateStore(client(), "http://b:1816").load(T0);
    assertEquals(saved.serial(), read.serial());
    assertEquals("first", read.pauseReason());
  }

  @Test
  void aWriteMustFollowTheStoredSerial() {
    ZooKeeperStateStore store = new ZooKeeperStateStore(client(), "http://a:1816");
    MaintdState s = store.load(T0);
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> store.save(paused(paused(s, T0, "x"), T0, "skips one serial")));
    assertTrue(e.getMessage().contains("does not follow the stored 0"), e.getMessage());
  }

  @Test
  void aNewLeadersTakeOverFencesTheOldOneOffItsWritesAndItsChecks() {
    ZooKeeperStateStore old = new ZooKeeperStateStore(client(), "http://a:1816");
    MaintdState s = old.load(T0);
    assertEquals(1, old.takeOver(T0));
    s = old.save(paused(s, T0, "by a"));
    old.fence();

    ZooKeeperStateStore next = new ZooKeeperStateStore(client(), "http://b:1816");
    MaintdState taken = next.load(T0);
    assertEquals(2, next.takeOver(T0));
    assertEquals(s.serial(), taken.serial());

    MaintdState stale = s;
    ZooKeeperStateStore.Fenced write =
        assertThrows(
            ZooKeeperStateStore.Fenced.class, () -> old.save(paused(stale, T0, "too late")));
    assertTrue(write.getMessage().contains("epoch 2, http://b:1816"), write.getMessage());
    assertThrows(ZooKeeperStateStore.Fenced.class, old::fence);

    next.fence();
    next.save(paused(taken, T0, "by b"));
    ZooKeeperStateStore.Read read = new ZooKeeperStateStore(client(), "http://c:1816").peek();
    assertEquals("by b", read.state().pauseReason());
    assertEquals(2, read.envelope().epoch());
    assertEquals("http://b:1816", read.envelope().writer());
  }

  @Test
  void twoDaemonsTakingOverTheSameVersionCannotBothWin() {
    ZooKeeperStateStore a = new ZooKeeperStateStore(client(), "http://a:1816");
    ZooKeeperStateStore b = new ZooKeeperStateStore(client(), "http://b:1816");
    a.load(T0);
    b.load(T0);
    a.takeOver(T0);
    assertThrows(ZooKeeperStateStore.Fenced.class, () -> b.takeOver(T0));
  }

  @Test
  void aLargeStateIsSplitIntoChunksAndTheOldChunksAreDeleted() throws Exception {
    CuratorFramework zk = client();
    ZooKeeperStateStore store = new ZooKeeperStateStore(zk, "http://a:1816", 64);
    MaintdState s = store.load(T0);
    String reason = "r".repeat(200) + new java.util.Random(7).ints(2000, 0, 64).boxed().toList();
    s = store.save(paused(s, T0, reason));
    List<String> generations = zk.getChildren().forPath(ZooKeeperStateStore.CHUNKS);
    assertEquals(1, generations.size(), generations.toString());
    assertTrue(
        zk.getChildren().forPath(ZooKeeperStateStore.CHUNKS + "/" + generations.get(0)).size() > 1);

    s = store.save(paused(s, T0, reason + "again"));
    assertEquals(1, zk.getChildren().forPath(ZooKeeperStateStore.CHUNKS).size());
    // the size of a write is what ZooKeeper holds of it: the header and every chunk
    String generation =
        ZooKeeperStateStore.CHUNKS
            + "/"
            + zk.getChildren().forPath(ZooKeeperStateStore.CHUNKS).get(0);
    long stored = zk.getData().forPath(ZooKeeperStateStore.STATE).length;
    for (String chunk : zk.getChildren().forPath(generation)) {
      stored += zk.getData().forPath(generation + "/" + chunk).length;
    }
    assertEquals(stored, store.lastWriteBytes());
    MaintdState read = new ZooKeeperStateStore(client(), "http://b:1816").load(T0);
    assertEquals(reason + "again", read.pauseReason());
    assertEquals(s.serial(), read.serial());
  }

  @Test
  void aCorruptStateIsReportedAndNeverOverwritten() throws Exception {
    CuratorFramework zk = client();
    byte[] garbage = "{\"format\": 1, \"serial\": 3".getBytes(StandardCharsets.UTF_8);
    zk.create().forPath(ZooKeeperStateStore.STATE, garbage);
    ZooKeeperStateStore store = new ZooKeeperStateStore(zk, "http://a:1816");
    UnreadableStateException e = assertThrows(UnreadableStateException.class, () -> store.load(T0));
    assertEquals("ZooKeeper /maintd/state", e.where());
    assertTrue(e.reason().contains("the state header is not valid JSON"), e.getMessage());
    assertThrows(StoreException.class, () -> store.save(MaintdState.initial(T0).nextVersion(T0)));
    assertArrayEquals(garbage, zk.getData().forPath(ZooKeeperStateStore.STATE));
  }

  @Test
  void aTamperedStateFailsItsDigest() throws Exception {
    CuratorFramework zk = client();
    ZooKeeperStateStore store = new ZooKeeperStateStore(zk, "http://a:1816");
    store.save(paused(store.load(T0), T0, "x"));
    String header =
        new String(zk.getData().forPath(ZooKeeperStateStore.STATE), StandardCharsets.UTF_8);
    String other =
        java.util.Base64.getEncoder()
            .encodeToString(gzip("{\"serial\": 1}".getBytes(StandardCharsets.UTF_8)));
    zk.setData()
        .forPath(
            ZooKeeperStateStore.STATE,
            header
                .replaceAll("\"data\":\"[^\"]*\"", "\"data\":\"" + other + "\"")
                .getBytes(StandardCharsets.UTF_8));
    StoreException e =
        assertThrows(StoreException.class, () -> new ZooKeeperStateStore(zk, "b").load(T0));
    assertTrue(e.getMessage().contains("does not match its header"), e.getMessage());
  }

  @Test
  void withoutAServerEveryCallFailsAsUnavailableNotAsCorrupt() throws Exception {
    CuratorFramework zk =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .retryPolicy(new RetryOneTime(10))
            .connectionTimeoutMs(500)
            .sessionTimeoutMs(2000)
            .build();
    zk.start();
    clients.add(zk);
    ZooKeeperStateStore store = new ZooKeeperStateStore(zk, "http://a:1816");
    MaintdState s = store.load(T0);
    server.stop();
    StoreException e = assertThrows(StoreException.class, () -> store.save(s.nextVersion(T0)));
    assertTrue(e instanceof ZooKeeperStateStore.Unavailable, e.toString());
  }

  private static byte[] gzip(byte[] raw) throws java.io.IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(out)) {
      gz.write(raw);
    }
    return out.toByteArray();
  }

  @Test
  void instanceHealthIsStoredAndReadByTheNextLeader() {
    org.maintd.health.InstanceHealth health =
        new org.maintd.health.InstanceHealth(
            java.util.Map.of(
                "web1",
                new org.maintd.health.HealthRecord(
                    new org.maintd.health.Tries(6, T0),
                    org.maintd.health.Tries.NONE,
                    java.util.Optional.of(T0),
                    java.util.Optional.empty())),
            java.util.Map.of("n2", "b0e4c5a7"),
            java.util.Map.of("db1", "its secondary node n2 rebooted"));
    ZooKeeperStateStore store = new ZooKeeperStateStore(client(), "http://a:1816");
    MaintdState s = store.load(T0);
    store.save(s.withHealth(health).nextVersion(T0));
    assertEquals(health, new ZooKeeperStateStore(client(), "http://b:1816").load(T0).health());
  }
}
