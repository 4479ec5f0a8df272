package org.maintd.daemon.zookeeper;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
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
import org.maintd.protocol.api.HealthView;

/**
 * The ACL of maintd's state changed under a running leader (someone gave {@code /maintd/state} to
 * other credentials): ZooKeeper answers NoAuth, the leader stops acting, {@code /1/health} answers
 * 503 {@code ACCESS_DENIED} naming the znode, a metric counts the refusals, and the daemon resumes
 * by itself once maintd's ACL is back; nothing it was asked meanwhile was half done.
 */
class ZooKeeperAccessDeniedTest {
  @TempDir Path tmp;
  TestingServer server;
  TestCluster cluster;
  CuratorFramework admin;

  @BeforeEach
  void start() throws Exception {
    server = new TestingServer(true);
    Path credentials = tmp.resolve("zookeeper-credentials");
    Files.writeString(credentials, "maintd:s3cret\n");
    Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));
    cluster = new TestCluster(tmp);
    cluster.ha =
        Ha.elected(
            new ZooKeeper(
                server.getConnectString(),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                "/maintd",
                credentials,
                Duration.ZERO));
    cluster.startDaemon();
    await("the daemon leads")
        .atMost(Duration.ofSeconds(30))
        .until(() -> cluster.daemon().health().leader());
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
    if (admin != null) {
      admin.close();
    }
    server.close();
  }

  /** A client of the whole tree with {@code userPassword}'s digest identity. */
  private CuratorFramework client(String userPassword) {
    CuratorFramework c =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .retryPolicy(new RetryOneTime(10))
            .authorization("digest", userPassword.getBytes(StandardCharsets.UTF_8))
            .build();
    c.start();
    return c;
  }

  private static List<ACL> only(String userPassword) throws Exception {
    return List.of(
        new ACL(
            ZooDefs.Perms.ALL,
            new Id("digest", DigestAuthenticationProvider.generateDigest(userPassword))));
  }

  private String metrics() throws Exception {
    return cluster.getRaw("/metrics").body();
  }

  private static double metric(String text, String name) {
    return text.lines()
        .filter(l -> l.startsWith(name + " "))
        .mapToDouble(l -> Double.parseDouble(l.substring(name.length() + 1)))
        .findFirst()
        .orElse(-1);
  }

  @Test
  void aStateZnodeGivenToOtherCredentialsStopsTheLeaderUntilMaintdsAclIsBack() throws Exception {
    admin = client("maintd:s3cret");
    admin.setACL().withACL(only("other:pw")).forPath("/maintd/state");

    HttpResponse<String> pause = cluster.signedPost("/1/pause", "");
    assertTrue(pause.statusCode() >= 500, "nothing could be stored: " + pause.body());
    await("the daemon says ZooKeeper refuses it")
        .atMost(Duration.ofSeconds(30))
        .until(() -> cluster.daemon().health().state().equals("ACCESS_DENIED"));
    HealthView denied = cluster.daemon().health();
    assertEquals(false, denied.leader(), "it stops acting: " + denied);
    assertTrue(
        denied.last_error().contains("maintd may not use znode /maintd/state"),
        denied.last_error());
    assertTrue(denied.last_error().contains("NoAuth"), denied.last_error());
    assertEquals(503, cluster.getRaw("/1/health").statusCode());
    String refused = metrics();
    assertEquals(1.0, metric(refused, "maintd_store_access_denied"), refused);
    assertTrue(metric(refused, "maintd_store_access_denials_total") >= 1, refused);

    try (CuratorFramework other = client("other:pw")) {
      other.setACL().withACL(only("maintd:s3cret")).forPath("/maintd/state");
    }
    await("it leads again by itself")
        .atMost(Duration.ofSeconds(30))
        .until(() -> cluster.daemon().health().state().equals("RUNNING"));
    assertTrue(cluster.daemon().health().leader());
    assertEquals(0.0, metric(metrics(), "maintd_store_access_denied"));
    String paused = cluster.getRaw("/1/paused").body();
    assertTrue(paused.contains("\"paused\":false"), "the refused pause was not applied: " + paused);
  }
}
