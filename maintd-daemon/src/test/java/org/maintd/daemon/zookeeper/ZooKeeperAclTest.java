package org.maintd.daemon.zookeeper;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Ha;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.daemon.testing.TestCluster;

/**
 * maintd's znodes are closed to strangers, on a real ZooKeeper server: everything a running daemon
 * made (the chroot, the state, the election's latch, the used signatures) refuses an anonymous
 * client every operation; a chroot an older maintd left open is tightened at start; one made under
 * other credentials refuses the start, naming the znode.
 */
class ZooKeeperAclTest {
  @TempDir Path tmp;
  TestingServer server;
  final List<CuratorFramework> clients = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = new TestingServer(true);
  }

  @AfterEach
  void stop() throws Exception {
    clients.forEach(CuratorFramework::close);
    server.close();
  }

  private Path credentials(String userPassword) throws Exception {
    Path file = tmp.resolve("zk-" + userPassword.substring(0, userPassword.indexOf(':')));
    Files.writeString(file, userPassword + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }

  private ZooKeeper settings(Path credentials) {
    return new ZooKeeper(
        server.getConnectString(),
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        "/maintd",
        credentials,
        Duration.ZERO);
  }

  /** A client of the whole tree (no chroot), anonymous or with {@code digest}. */
  private CuratorFramework client(String digest) {
    CuratorFrameworkFactory.Builder b =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .retryPolicy(new RetryOneTime(10));
    if (digest != null) {
      b.authorization("digest", digest.getBytes(StandardCharsets.UTF_8));
    }
    CuratorFramework c = b.build();
    c.start();
    clients.add(c);
    return c;
  }

  private static List<String> tree(CuratorFramework c, String path) throws Exception {
    List<String> all = new ArrayList<>(List.of(path));
    for (String child : c.getChildren().forPath(path)) {
      all.addAll(tree(c, ZKPaths.makePath(path, child)));
    }
    return all;
  }

  private static void noAuth(String what, ThrowingRunnable op) {
    KeeperException e = assertThrows(KeeperException.class, op::run, what);
    assertEquals(KeeperException.Code.NOAUTH, e.code(), what + ": " + e);
  }

  private interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void anAnonymousClientCanNeitherReadWriteCreateDeleteNorReAclAnyZnodeOfARunningDaemon()
      throws Exception {
    Path secret = credentials("maintd:s3cret");
    TestCluster cluster = new TestCluster(tmp);
    try {
      cluster.ha = Ha.elected(settings(secret));
      cluster.startDaemon();
      await("the daemon leads")
          .atMost(Duration.ofSeconds(30))
          .until(() -> cluster.daemon().health().leader());
      assertEquals(200, cluster.signedPost("/1/pause", "").statusCode());

      CuratorFramework maintd = client("maintd:s3cret");
      List<String> znodes = tree(maintd, "/maintd");
      assertTrue(znodes.contains("/maintd/state"), znodes.toString());
      assertTrue(znodes.stream().anyMatch(z -> z.startsWith("/maintd/leader/")), znodes.toString());
      assertTrue(
          znodes.stream().anyMatch(z -> z.startsWith("/maintd/signatures/")), znodes.toString());
      CuratorFramework stranger = client(null);
      for (String z : znodes) {
        noAuth("read " + z, () -> stranger.getData().forPath(z));
        noAuth("read the ACL of " + z, () -> stranger.getACL().forPath(z));
        noAuth("write " + z, () -> stranger.setData().forPath(z, "x".getBytes()));
        noAuth("create under " + z, () -> stranger.create().forPath(z + "/intruder"));
        noAuth(
            "re-ACL " + z, () -> stranger.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(z));
        if (!z.equals("/maintd")) {
          noAuth("delete " + z, () -> stranger.delete().forPath(z));
        }
      }
      assertEquals(znodes, tree(maintd, "/maintd"), "nothing changed");
    } finally {
      cluster.close();
    }
  }

  @Test
  void aChrootAnOlderMaintdLeftOpenIsTightenedAtStart() throws Exception {
    CuratorFramework old = client(null);
    old.create().creatingParentsIfNeeded().forPath("/maintd/state", "{}".getBytes());
    old.create().forPath("/maintd/leader");
    old.create().withMode(CreateMode.EPHEMERAL_SEQUENTIAL).forPath("/maintd/leader/latch-");
    Path secret = credentials("maintd:s3cret");
    ZooKeeperConnection zk = new ZooKeeperConnection(settings(secret), Clock.systemUTC());
    zk.start();
    try {
      List<ACL> only =
          List.of(
              new ACL(
                  ZooDefs.Perms.ALL,
                  new Id("digest", DigestAuthenticationProvider.generateDigest("maintd:s3cret"))));
      CuratorFramework maintd = client("maintd:s3cret");
      for (String z : tree(maintd, "/maintd")) {
        assertEquals(only, maintd.getACL().forPath(z), z);
      }
      CuratorFramework stranger = client(null);
      noAuth("write the state", () -> stranger.setData().forPath("/maintd/state", "x".getBytes()));
    } finally {
      zk.close();
    }
  }

  @Test
  void aChrootMadeUnderOtherCredentialsRefusesTheStartNamingTheZnode() throws Exception {
    CuratorFramework other = client("someone:else");
    other
        .create()
        .withACL(
            List.of(
                new ACL(
                    ZooDefs.Perms.ALL,
                    new Id("digest", DigestAuthenticationProvider.generateDigest("someone:else")))))
        .forPath("/maintd");
    ZooKeeperConnection zk =
        new ZooKeeperConnection(settings(credentials("maintd:s3cret")), Clock.systemUTC());
    ChrootAcls.Refused e = assertThrows(ChrootAcls.Refused.class, zk::start);
    assertTrue(
        e.getMessage().startsWith("ZooKeeper refuses to let maintd read the ACL of znode /maintd"),
        e.getMessage());
    assertTrue(e.getMessage().contains("zookeeper.credentialsFile"), e.getMessage());
    zk.close();
  }

  @Test
  void withOpenAclsNothingIsTightenedAndHealthWarns() throws Exception {
    CuratorFramework old = client(null);
    old.create().creatingParentsIfNeeded().forPath("/maintd/state", "{}".getBytes());
    ZooKeeperConnection zk = new ZooKeeperConnection(settings(null), Clock.systemUTC());
    zk.start();
    try {
      assertEquals(ZooDefs.Ids.OPEN_ACL_UNSAFE, old.getACL().forPath("/maintd/state"));
      assertTrue(zk.warning().startsWith("zookeeper.acl is open"), zk.warning());
    } finally {
      zk.close();
    }
  }
}
