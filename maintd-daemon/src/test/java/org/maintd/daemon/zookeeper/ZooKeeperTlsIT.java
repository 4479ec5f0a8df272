package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.TestCa;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.ZooKeeperCredentials;
import org.maintd.daemon.testing.ZooKeeperServerProcess;
import org.maintd.daemon.testing.ZooKeeperServerProcess.Release;

/**
 * maintd over TLS to ZooKeeper's own server in a process of its own, with only a {@code
 * secureClientPort} and ZooKeeper's TLS defaults (the server wants the client's certificate; 3.8.0,
 * which Debian 12 ships, accepts only TLSv1.2, 3.9 only TLSv1.3), certificates made by a CA made in
 * the test. With maintd's defaults a daemon leads on both; each cause that keeps TLS from working
 * refuses the start in one line naming it, with exit code 2.
 */
class ZooKeeperTlsIT {
  @TempDir Path tmp;
  TestCluster cluster;
  DaemonProcesses daemons;
  ZooKeeperServerProcess zookeeper;
  Path caFile;
  Path serverPem;
  Path clientPem;

  @BeforeEach
  void start() throws Exception {
    TestCa ca = TestCa.create("maintd test CA");
    caFile = ca.writeCertificate(tmp.resolve("ca.pem"));
    serverPem = ca.issue("zookeeper", tmp.resolve("zookeeper.pem"));
    clientPem = ca.issue("maintd", tmp.resolve("maintd.pem"));
    cluster = new TestCluster(tmp);
    daemons = new DaemonProcesses(tmp, 1, "128m");
  }

  @AfterEach
  void stop() throws Exception {
    daemons.close();
    cluster.close();
    if (zookeeper != null) {
      zookeeper.close();
    }
  }

  /**
   * The server with the zoo.cfg lines of docs/operations.md ("TLS"), and {@code more}; the version
   * it logged is {@code release}'s, so that a case meant for 3.8 is not run on 3.9.
   */
  private void zookeeper(Release release, String... more) throws IOException {
    List<String> lines =
        new java.util.ArrayList<>(
            List.of(
                "serverCnxnFactory=org.apache.zookeeper.server.NettyServerCnxnFactory",
                "ssl.keyStore.location=" + serverPem,
                "ssl.trustStore.location=" + caFile));
    lines.addAll(List.of(more));
    zookeeper =
        ZooKeeperServerProcess.start(
            release,
            Files.createDirectories(tmp.resolve("zk")),
            "secureClientPort",
            lines,
            List.of());
    String version = zookeeper.version();
    assertTrue(
        version.startsWith(release.series()),
        "ZooKeeper " + version + " answered where " + release + " was started");
  }

  private Path config(String tls) throws IOException {
    DaemonConfig c = cluster.config();
    StringBuilder y = new StringBuilder();
    y.append("node: n1\nbind: 127.0.0.1\nport: ").append(daemons.port(0));
    y.append("\nstateDir: ").append(tmp.resolve("state"));
    y.append("\nhmacKeyFile: ").append(c.hmacKeyFile());
    y.append("\npollInterval: 200ms\nstore: zookeeper\nleadership: zookeeper\nzookeeper:\n");
    y.append("  connect: 127.0.0.1:").append(zookeeper.port()).append('\n');
    y.append("  credentialsFile: ").append(ZooKeeperCredentials.in(tmp)).append('\n');
    y.append("  sessionTimeout: 3s\n  connectionTimeout: 3s\n  fenceWait: 0s\n");
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

  private String tls(Path trustStore, Path keyStore, String... more) {
    StringBuilder t = new StringBuilder("  tls:\n    trustStore: " + trustStore + "\n");
    if (keyStore != null) {
      t.append("    keyStore: ").append(keyStore).append('\n');
    }
    for (String line : more) {
      t.append("    ").append(line).append('\n');
    }
    return t.toString();
  }

  private void leads(Path config) throws IOException {
    daemons.launch(0, config);
    assertEquals(0, daemons.awaitLeader(-1, Duration.ofSeconds(60)), zookeeper.log());
    assertTrue(daemons.log(0).contains("over TLS under /maintd"), daemons.log(0));
  }

  /** A start refused: {@code line} is all it printed, and it exited with {@code code}. */
  private void refused(int code, String line, String tls) throws Exception {
    DaemonProcesses.Run run = daemons.once(config(tls), "--no-voting", "--yes-do-it");
    assertEquals(List.of(line), run.output().lines().toList(), run.output());
    assertEquals(code, run.code(), run.output());
  }

  @ParameterizedTest
  @EnumSource(Release.class)
  void aDaemonWithMaintdsDefaultsLeadsOnAServerInItsDefaultTlsSettings(Release release)
      throws Exception {
    zookeeper(release);
    leads(config(tls(caFile, clientPem)));
  }

  @Test
  void tls13OnlyAsTheOperationsGuideSetsItUpOnZooKeeper38Leads() throws Exception {
    zookeeper(
        Release.V3_8,
        "ssl.protocol=TLSv1.3",
        "ssl.enabledProtocols=TLSv1.3",
        "ssl.ciphersuites=TLS_AES_256_GCM_SHA384,TLS_AES_128_GCM_SHA256");
    leads(config(tls(caFile, clientPem, "enabledProtocols: [TLSv1.3]")));
  }

  @Test
  void aServerCertificateTheTrustStoreDoesNotTrustIsRefusedInOneLine() throws Exception {
    zookeeper(Release.V3_8);
    Path other = TestCa.create("another CA").writeCertificate(tmp.resolve("other.pem"));
    refused(
        2,
        "maintd: zookeeper.tls.trustStore: the certificate of ZooKeeper at 127.0.0.1:"
            + zookeeper.port()
            + " is not trusted by "
            + other
            + " (no CA certificate in it issued the server's certificate): give the certificate"
            + " of the CA that issued the servers' certificates",
        tls(other, clientPem));
  }

  @Test
  void noClientCertificateWhereTheServerWantsOneIsRefusedInOneLine() throws Exception {
    zookeeper(Release.V3_8);
    refused(
        2,
        "maintd: zookeeper.tls.keyStore: ZooKeeper at 127.0.0.1:"
            + zookeeper.port()
            + " asked for a client certificate and zookeeper.tls.keyStore is empty (its alert:"
            + " bad_certificate): give maintd's key and certificate, issued by a CA the servers'"
            + " ssl.trustStore holds",
        tls(caFile, null));
  }

  @Test
  void noProtocolInCommonIsRefusedInOneLine() throws Exception {
    zookeeper(Release.V3_8);
    refused(
        2,
        "maintd: zookeeper.tls.enabledProtocols: ZooKeeper at 127.0.0.1:"
            + zookeeper.port()
            + " accepts none of TLSv1.3, what maintd offers (its alert: protocol_version): offer a"
            + " version of the servers' ssl.enabledProtocols (a ZooKeeper 3.8 server accepts only"
            + " TLSv1.2 unless told otherwise)",
        tls(caFile, clientPem, "enabledProtocols: [TLSv1.3]"));
  }

  @Test
  void withoutTlsOrWithoutAServerADaemonDoesNotGetInAndSaysSoInOneLineWithExitCode1()
      throws Exception {
    zookeeper(Release.V3_9);
    int port = zookeeper.port();
    refused(
        1,
        "maintd: zookeeper: cannot connect to ZooKeeper at 127.0.0.1:"
            + port
            + " within 3000 ms (zookeeper.connect, zookeeper.connectionTimeout)",
        "");
    zookeeper.close();
    refused(
        1,
        "maintd: zookeeper: cannot connect to ZooKeeper at 127.0.0.1:"
            + port
            + " over TLS within 3000 ms (zookeeper.connect, zookeeper.connectionTimeout,"
            + " zookeeper.tls)",
        tls(caFile, clientPem));
  }
}
