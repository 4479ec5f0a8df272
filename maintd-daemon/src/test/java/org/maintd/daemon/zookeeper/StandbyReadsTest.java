package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import org.maintd.spi.UnreadableStateException;

/**
 * A standby's reads of the state in a real ZooKeeper server (Curator's in-process test server): the
 * state decoded once per write, whatever the number of reads, and a state written anew always read.
 */
class StandbyReadsTest {
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

  private TestingServer server;
  private final List<CuratorFramework> clients = new ArrayList<>();
  private final EpochFloor floor = EpochFloor.inMemory();

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

  private static MaintdState paused(MaintdState s, String why) {
    return s.withPaused(true, why).versionAfter(s, T0);
  }

  @Test
  void theStateIsDecodedOncePerWriteHoweverOftenItIsRead() {
    StandbyReads standby = new StandbyReads(this::client, floor);
    assertNull(standby.read(), "nothing stored yet");

    ZooKeeperStateStore leader = new ZooKeeperStateStore(client(), "http://a:1816");
    MaintdState s = leader.load(T0);
    leader.takeOver(T0);
    s = leader.save(paused(s, "first"));
    MaintdState first = standby.read();
    assertEquals("first", first.pauseReason());
    assertSame(first, standby.read());
    assertSame(first, standby.read());
    assertEquals(1, standby.decoded());
    assertEquals(1, floor.highest(), "the epoch read is told to the floor");

    leader.save(paused(s, "second"));
    assertEquals("second", standby.read().pauseReason());
    assertEquals(2, standby.decoded());
  }

  @Test
  void aStateCreatedAnewAtTheSameVersionIsReadAgain() throws Exception {
    StandbyReads standby = new StandbyReads(this::client, floor);
    ZooKeeperStateStore one = new ZooKeeperStateStore(client(), "http://a:1816");
    one.save(paused(one.load(T0), "before"));
    assertEquals("before", standby.read().pauseReason());

    CuratorFramework admin = client();
    int version = admin.checkExists().forPath("/state").getVersion();
    admin.delete().forPath("/state");
    ZooKeeperStateStore other = new ZooKeeperStateStore(client(), "http://b:1816");
    other.save(paused(other.load(T0), "after"));
    assertEquals(version, admin.checkExists().forPath("/state").getVersion());

    assertEquals("after", standby.read().pauseReason());
    assertEquals(2, standby.decoded());
  }

  @Test
  void aStateThatCannotBeDecodedIsRefusedEachTime() throws Exception {
    StandbyReads standby = new StandbyReads(this::client, floor);
    client().create().forPath("/state", "not maintd's".getBytes());

    assertThrows(UnreadableStateException.class, standby::read);
    assertThrows(UnreadableStateException.class, standby::read);
    assertEquals(0, standby.decoded());
  }
}
