package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.TestCa;
import org.maintd.daemon.testing.TestCluster;

/**
 * maintd over TLS to a ZooKeeper server that has only a {@code secureClientPort} and wants the
 * client's certificate: ZooKeeper's own server in a process of its own, its certificates and
 * maintd's made by a CA made in the test. A daemon with the CA and its key store leads; one without
 * TLS, or trusting another CA, does not get in and says so in one line.
 */
class ZooKeeperTlsIT {
  private static final Path JAR = Path.of("target", "maintd.jar");

  @TempDir Path tmp;
  TestCluster cluster;
  DaemonProcesses daemons;
  Process zookeeper;
  int securePort;
  Path caFile;
  Path clientPem;

  @BeforeEach
  void start() throws Exception {
    TestCa ca = TestCa.create("maintd test CA");
    caFile = ca.writeCertificate(tmp.resolve("ca.pem"));
    Path serverPem = ca.issue("zookeeper", tmp.resolve("zookeeper.pem"));
    clientPem = ca.issue("maintd", tmp.resolve("maintd.pem"));
    try (ServerSocket s = new ServerSocket(0)) {
      securePort = s.getLocalPort();
    }
    Path data = Files.createDirectories(tmp.resolve("zk"));
    Path cfg = tmp.resolve("zoo.cfg");
    Files.writeString(
        cfg,
        String.join(
            "\n",
            "tickTime=500",
            "dataDir=" + data,
            "secureClientPort=" + securePort,
            "serverCnxnFactory=org.apache.zookeeper.server.NettyServerCnxnFactory",
            "ssl.keyStore.location=" + serverPem,
            "ssl.keyStore.type=PEM",
            "ssl.trustStore.location=" + caFile,
            "ssl.trustStore.type=PEM",
            "ssl.clientAuth=need",
            "admin.enableServer=false",
            ""));
    zookeeper =
        new ProcessBuilder(
                "java",
                "-Xmx128m",
                "-cp",
                JAR.toString(),
                "org.apache.zookeeper.server.ZooKeeperServerMain",
                cfg.toString())
            .redirectErrorStream(true)
            .redirectOutput(tmp.resolve("zookeeper.log").toFile())
            .start();
    awaitListening(securePort);
    cluster = new TestCluster(tmp);
    daemons = new DaemonProcesses(tmp, 1, "128m");
  }

  @AfterEach
  void stop() throws Exception {
    daemons.close();
    cluster.close();
    zookeeper.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
  }

  private static void awaitListening(int port) throws InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < until) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return;
      } catch (IOException e) {
        Thread.sleep(100);
      }
    }
    throw new AssertionError("ZooKeeper does not listen on " + port);
  }

  private Path config(String tls) throws IOException {
    Path credentials = tmp.resolve("zookeeper-credentials");
    Files.writeString(credentials, "maintd:s3cret\n");
    Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));
    DaemonConfig c = cluster.config();
    StringBuilder y = new StringBuilder();
    y.append("node: n1\nbind: 127.0.0.1\nport: ").append(daemons.port(0));
    y.append("\nstateDir: ").append(tmp.resolve("state"));
    y.append("\nhmacKeyFile: ").append(c.hmacKeyFile());
    y.append("\npollInterval: 200ms\nstore: zookeeper\nleadership: zookeeper\nzookeeper:\n");
    y.append("  connect: 127.0.0.1:").append(securePort).append('\n');
    y.append("  credentialsFile: ").append(credentials).append('\n');
    y.append("  sessionTimeout: 3s\n  connectionTimeout: 4s\n  fenceWait: 0s\n");
    y.append(tls);
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

  @Test
  void aDaemonWithTheCaAndItsKeyStoreLeadsOverTls() throws Exception {
    daemons.launch(
        0, config("  tls:\n    trustStore: " + caFile + "\n    keyStore: " + clientPem + "\n"));
    assertEquals(0, daemons.awaitLeader(-1, Duration.ofSeconds(60)));
    assertTrue(daemons.log(0).contains("over TLS under /maintd"), daemons.log(0));
  }

  @Test
  void aDaemonWithoutTlsOrTrustingAnotherCaDoesNotGetInAndSaysSo() throws Exception {
    DaemonProcesses.Run plain = daemons.once(config(""), "--no-voting", "--yes-do-it");
    assertEquals(1, plain.code(), plain.output());
    assertTrue(
        plain.output().contains("cannot connect to ZooKeeper at 127.0.0.1:" + securePort),
        plain.output());

    Path other = TestCa.create("another CA").writeCertificate(tmp.resolve("other.pem"));
    DaemonProcesses.Run untrusted =
        daemons.once(
            config("  tls:\n    trustStore: " + other + "\n    keyStore: " + clientPem + "\n"),
            "--no-voting",
            "--yes-do-it");
    assertEquals(1, untrusted.code(), untrusted.output());
    assertTrue(
        untrusted
            .output()
            .contains(
                "over TLS within 4000 ms (zookeeper.connect, zookeeper.connectionTimeout, zookeeper.tls)"),
        untrusted.output());
  }
}
