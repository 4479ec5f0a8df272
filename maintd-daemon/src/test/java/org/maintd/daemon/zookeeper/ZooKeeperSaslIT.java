package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.ZooKeeperServerProcess;
import org.maintd.daemon.testing.ZooKeeperServerProcess.Release;

/**
 * {@code zookeeper.acl: sasl} end to end: ZooKeeper's server in a process of its own authenticates
 * clients with SASL DIGEST-MD5 (a JAAS Server section with user maintd), the daemon in a process of
 * its own logs in with its JAAS Client section, so that no JAAS configuration reaches this JVM. A
 * super user of the server's (a digest) reads the ACLs here.
 */
class ZooKeeperSaslIT {
  private static final String SUPER = "super:" + "s3cret-of-the-test";

  @TempDir Path tmp;
  TestCluster cluster;
  ZooKeeperServerProcess zookeeper;
  DaemonProcesses daemons;

  @BeforeEach
  void start() throws Exception {
    Path jaas =
        jaas(
            "server-jaas.conf",
            "Server {\n  org.apache.zookeeper.server.auth.DigestLoginModule required\n"
                + "  user_maintd=\"right\";\n};\n");
    zookeeper =
        ZooKeeperServerProcess.start(
            Release.V3_9,
            Files.createDirectories(tmp.resolve("zk")),
            "clientPort",
            List.of("authProvider.1=org.apache.zookeeper.server.auth.SASLAuthenticationProvider"),
            List.of(
                "-Djava.security.auth.login.config=" + jaas,
                "-Dzookeeper.DigestAuthenticationProvider.superDigest="
                    + DigestAuthenticationProvider.generateDigest(SUPER)));
    cluster = new TestCluster(tmp);
  }

  @AfterEach
  void stop() throws Exception {
    if (daemons != null) {
      daemons.close();
    }
    cluster.close();
    zookeeper.close();
  }

  private Path jaas(String name, String text) throws IOException {
    return Files.writeString(tmp.resolve(name), text, StandardCharsets.UTF_8);
  }

  /** Daemons that log in as maintd with {@code password}. */
  private DaemonProcesses daemons(String password) throws IOException {
    Path client =
        jaas(
            "client-jaas-" + password + ".conf",
            "Client {\n  org.apache.zookeeper.server.auth.DigestLoginModule required\n"
                + "  username=\"maintd\"\n  password=\""
                + password
                + "\";\n};\n");
    daemons =
        new DaemonProcesses(tmp, 1, "128m", List.of("-Djava.security.auth.login.config=" + client));
    return daemons;
  }

  private Path config() throws IOException {
    DaemonConfig c = cluster.config();
    StringBuilder y = new StringBuilder();
    y.append("node: n1\nbind: 127.0.0.1\nport: ").append(daemons.port(0));
    y.append("\nstateDir: ").append(tmp.resolve("state"));
    y.append("\nhmacKeyFile: ").append(c.hmacKeyFile());
    y.append("\npollInterval: 200ms\nstore: zookeeper\nleadership: zookeeper\nzookeeper:\n");
    y.append("  connect: 127.0.0.1:").append(zookeeper.port()).append('\n');
    y.append("  acl: sasl\n  saslUser: maintd\n");
    y.append("  sessionTimeout: 3s\n  connectionTimeout: 3s\n  fenceWait: 0s\n");
    y.append("collector:\n  urls:\n");
    c.collector()
        .urls()
        .forEach((n, u) -> y.append("    ").append(n).append(": ").append(u).append('\n'));
    y.append("sim:\n  cluster: ").append(c.sim().cluster());
    y.append("\n  diagnoseDir: ").append(c.sim().diagnoseDir()).append('\n');
    Path file = tmp.resolve("maintd.yaml");
    Files.writeString(file, y.toString());
    return file;
  }

  private CuratorFramework client(boolean superUser) {
    CuratorFrameworkFactory.Builder b =
        CuratorFrameworkFactory.builder()
            .connectString("127.0.0.1:" + zookeeper.port())
            .retryPolicy(new RetryOneTime(100));
    if (superUser) {
      b.authorization("digest", SUPER.getBytes(StandardCharsets.UTF_8));
    }
    CuratorFramework c = b.build();
    c.start();
    return c;
  }

  @Test
  void aDaemonLoggedInWithSaslLeadsAndOnlySaslMaintdMayUseItsZnodes() throws Exception {
    daemons("right").launch(0, config());
    assertEquals(0, daemons.awaitLeader(-1, Duration.ofSeconds(60)), zookeeper.log());
    assertTrue(
        daemons.log(0).contains("znodes: SASL ACLs: only sasl:maintd may read or change them"),
        daemons.log(0));
    List<ACL> maintdOnly = List.of(new ACL(ZooDefs.Perms.ALL, new Id("sasl", "maintd")));
    try (CuratorFramework root = client(true)) {
      daemons.within(
          "the leader's state stored",
          Duration.ofSeconds(30),
          () -> root.checkExists().forPath("/maintd/state") != null);
      for (String path : List.of("/maintd", "/maintd/state", "/maintd/leader")) {
        assertEquals(maintdOnly, root.getACL().forPath(path), path);
      }
    }
    try (CuratorFramework anonymous = client(false)) {
      assertThrows(
          KeeperException.NoAuthException.class,
          () -> anonymous.getData().forPath("/maintd/state"));
    }
  }

  @Test
  void aWrongSaslPasswordIsRefusedInOneLine() throws Exception {
    DaemonProcesses.Run run = daemons("wrong").once(config());
    assertEquals(
        List.of(
            "maintd: zookeeper.acl: sasl: ZooKeeper refused maintd's SASL login (AuthFailed):"
                + " check the username and password of the Client section of the JAAS file "
                + tmp.resolve("client-jaas-wrong.conf")
                + " (java.security.auth.login.config) against the users of the servers' JAAS"
                + " Server section"),
        run.output().lines().toList(),
        run.output());
    assertEquals(2, run.code(), run.output());
  }
}
