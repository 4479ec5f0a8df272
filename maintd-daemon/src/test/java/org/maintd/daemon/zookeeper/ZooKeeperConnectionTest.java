package org.maintd.daemon.zookeeper;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.daemon.testing.CuttableLink;
import org.maintd.daemon.testing.Ensembles;

/** The connection's digest ACL, its credentials file and its first connection, on a real server. */
class ZooKeeperConnectionTest {
  @TempDir Path dir;
  TestingServer server;

  @BeforeEach
  void startServer() throws Exception {
    server = new TestingServer(true);
  }

  @AfterEach
  void stopServer() throws Exception {
    server.close();
  }

  private ZooKeeper settings(String connect, Path credentials) {
    return new ZooKeeper(
        connect,
        Duration.ofSeconds(5),
        Duration.ofSeconds(2),
        "/maintd",
        credentials,
        Duration.ZERO);
  }

  private Path credentials(String text, String mode) throws Exception {
    Path file = dir.resolve("zk-credentials");
    Files.writeString(file, text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    return file;
  }

  @Test
  void withCredentialsOnlyMaintdCanReadItsZnodes() throws Exception {
    ZooKeeperConnection zk =
        new ZooKeeperConnection(
            settings(server.getConnectString(), credentials("maintd:s3cret\n", "rw-------")),
            Clock.systemUTC());
    zk.start();
    try {
      ZooKeeperStateStore store = new ZooKeeperStateStore(zk.client(), "http://a:1816");
      Instant now = Instant.now();
      store.save(store.load(now).nextVersion(now));
      try (CuratorFramework stranger =
          CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(10))) {
        stranger.start();
        assertThrows(
            KeeperException.NoAuthException.class,
            () -> stranger.getData().forPath("/maintd" + ZooKeeperStateStore.STATE));
      }
      assertTrue(new ZooKeeperStateStore(zk.client(), "b").exists());
    } finally {
      zk.close();
    }
  }

  @Test
  void keepsToTheHostsOfZookeeperConnectRatherThanTheAddressesTheEnsembleAnnounces()
      throws Exception {
    try (TestingCluster ensemble = new TestingCluster(3)) {
      ensemble.start();
      Ensembles.awaitServing(ensemble);
      try (CuttableLink link =
          new CuttableLink(ensemble.getInstances().iterator().next().getPort())) {
        String connect = "127.0.0.1:" + link.port();
        ZooKeeperConnection zk =
            new ZooKeeperConnection(settings(connect, null), Clock.systemUTC());
        zk.start();
        try {
          await("the client keeps to " + connect)
              .during(Duration.ofSeconds(2))
              .atMost(Duration.ofSeconds(5))
              .until(
                  () ->
                      zk.client()
                          .getZookeeperClient()
                          .getCurrentConnectionString()
                          .equals(connect));
        } finally {
          zk.close();
        }
      }
    }
  }

  @Test
  void aCredentialsFileOthersCanReadIsRefusedNamingTheSettingInOneLine() throws Exception {
    Path file = credentials("maintd:s3cret\n", "rw-r--r--");
    ZooKeeper settings = settings(server.getConnectString(), file);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ZooKeeperIdentity.of(settings));
    assertEquals(
        "zookeeper.credentialsFile: "
            + file
            + " may be read or written by others than its owner (mode rw-r--r--, group "
            + Files.readAttributes(file, java.nio.file.attribute.PosixFileAttributes.class)
                .group()
                .getName()
            + "): chmod 600 "
            + file,
        e.getMessage());
  }

  @Test
  void credentialsThatAreNotUserColonPasswordAreRefused() throws Exception {
    ZooKeeper settings =
        settings(server.getConnectString(), credentials("just-a-password\n", "rw-------"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ZooKeeperIdentity.of(settings));
    assertTrue(e.getMessage().contains("must hold one line user:password"), e.getMessage());
  }

  @Test
  void noServerWithinTheConnectionTimeoutRefusesToStartNamingTheSettings() throws Exception {
    server.stop();
    ZooKeeperConnection zk =
        new ZooKeeperConnection(settings(server.getConnectString(), null), Clock.systemUTC());
    IllegalStateException e = assertThrows(IllegalStateException.class, zk::start);
    assertTrue(e.getMessage().contains("zookeeper.connectionTimeout"), e.getMessage());
  }
}
