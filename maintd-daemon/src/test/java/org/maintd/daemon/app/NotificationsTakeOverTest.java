package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Notifications;
import org.maintd.daemon.notify.Delivery;
import org.maintd.daemon.testing.Ensembles;
import org.maintd.daemon.testing.HoursAhead;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.WebhookReceiver;
import org.maintd.daemon.zookeeper.ZooKeeperDeliveries;
import org.maintd.notify.Event;
import org.maintd.notify.EventKind;

/**
 * Notifications across a change of leader, the deliveries in a real ZooKeeper (Curator's
 * TestingServer): the new leader makes the planned-work hold's event again under the same identity
 * and it is not sent twice, nothing the old leader sent is sent again, and a delivery the old
 * leader was sending when it was killed is given up rather than sent a second time. About 6 s.
 */
class NotificationsTakeOverTest {
  @TempDir Path tmp;
  TestingServer server;
  TestCluster cluster;
  WebhookReceiver hook;

  @AfterEach
  void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
    if (hook != null) {
      hook.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void noEventIsSentTwiceAcrossATakeOver() throws Exception {
    server = new TestingServer(true);
    hook = new WebhookReceiver();
    cluster = new TestCluster(tmp);
    cluster.ha = Ensembles.onTheMasterWithStateIn(server.getConnectString());
    cluster.maintenance = HoursAhead.in(3).maintenance();
    cluster.notifications =
        new Notifications(
            List.of(
                new Notifications.Receiver(
                    "hook",
                    new Notifications.Target.Webhook(hook.url()),
                    EnumSet.complementOf(EnumSet.of(EventKind.TEST)),
                    Notifications.Form.JSON)),
            Duration.ofSeconds(5),
            Duration.ofMillis(200),
            Duration.ofMillis(400),
            Duration.ofHours(1));
    cluster.startDaemon();
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    String uuid =
        cluster.awaitIncident("n2 evacuated", on("n2", "completed")).get("uuid").toString();
    cluster.awaitTrue(
        "the first leader's events",
        () ->
            hook.ids()
                .containsAll(List.of("leader-changed/epoch-1", "incident-completed/" + uuid)));
    String held =
        hook.ids().stream()
            .filter(id -> id.startsWith("planned-work-held/"))
            .findFirst()
            .orElseThrow();

    cluster.stopDaemon();
    Delivery killedWhileSending = sending(Instant.now());
    cluster.startDaemon();
    cluster.awaitTrue("the new leader's event", () -> hook.taken("leader-changed/epoch-2") == 1);
    cluster.awaitTicks(10);

    assertEquals(1, hook.taken(held), "made by both leaders, sent once: " + hook.ids());
    assertEquals(1, hook.taken("incident-opened/" + uuid), hook.ids().toString());
    assertEquals(1, hook.taken("incident-completed/" + uuid), hook.ids().toString());
    assertEquals(0, hook.taken(killedWhileSending.id()), "its sender may have sent it");
    assertEquals(hook.ids().stream().distinct().toList(), hook.ids(), "none twice");
    Delivery given = stored(killedWhileSending);
    assertEquals(Delivery.Status.GAVE_UP, given.status());
    assertTrue(given.error().contains("its sender stopped while sending"), given.toString());
  }

  /** A delivery as a leader killed in the middle of its attempt leaves it in ZooKeeper. */
  private Delivery sending(Instant now) {
    Event e = new Event("incident-failed/killed", EventKind.INCIDENT_FAILED, now, "n3", "x");
    Delivery d = Delivery.of("hook", e, now);
    Delivery sending = d.to(Delivery.Status.SENDING);
    try (CuratorFramework zk = client()) {
      ZooKeeperDeliveries record = new ZooKeeperDeliveries(() -> zk);
      assertTrue(record.add(d));
      assertTrue(record.replace(d, sending));
    }
    return sending;
  }

  private Delivery stored(Delivery d) {
    try (CuratorFramework zk = client()) {
      return new ZooKeeperDeliveries(() -> zk)
          .all().stream().filter(s -> s.key().equals(d.key())).findFirst().orElseThrow();
    }
  }

  private CuratorFramework client() {
    CuratorFramework zk =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .namespace("maintd")
            .retryPolicy(new RetryOneTime(10))
            .build();
    zk.start();
    return zk;
  }
}
