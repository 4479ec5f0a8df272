package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCa;
import org.maintd.daemon.testing.TestCluster;

/**
 * The API over HTTPS with a certificate from a CA made in the test, or a self-signed key and
 * certificate in one file as Ganeti's {@code rapi.pem}; maintctl trusts only the file it is given.
 */
class HttpsEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @AfterEach
  void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  private String startOverHttps(Path certificate, Path key) throws Exception {
    cluster = new TestCluster(tmp);
    cluster.api = new DaemonConfig.Http(TestCluster.MAX_BODY, TestCluster.IDLE, certificate, key);
    cluster.startDaemon();
    return "https://127.0.0.1:" + cluster.port();
  }

  @Test
  void maintctlTrustsTheCaItIsGivenAndNothingElse() throws Exception {
    TestCa ca = TestCa.create("maintd test CA");
    Path caFile = ca.writeCertificate(tmp.resolve("ca.pem"));
    Path server = ca.issue("node1", tmp.resolve("server.pem"));
    String url = startOverHttps(server, server);

    MaintctlRun health =
        MaintctlRun.of(url, cluster.keyFile, "--ca-file", caFile.toString(), "health");
    assertEquals(0, health.code(), health.err());
    assertTrue(health.out().startsWith("state       RUNNING"), health.out());
    MaintctlRun pause =
        MaintctlRun.of(url, cluster.keyFile, "--ca-file", caFile.toString(), "pause");
    assertEquals(0, pause.code(), "a signed change over HTTPS: " + pause.err());

    Path otherCa = TestCa.create("another CA").writeCertificate(tmp.resolve("other.pem"));
    MaintctlRun untrusted =
        MaintctlRun.of(url, cluster.keyFile, "--ca-file", otherCa.toString(), "health");
    assertEquals(1, untrusted.code());
    assertTrue(untrusted.err().contains("TLS with maintd at " + url + " failed"), untrusted.err());

    MaintctlRun plain = MaintctlRun.of(url.replace("https:", "http:"), cluster.keyFile, "health");
    assertEquals(1, plain.code(), "plain HTTP gets no answer from the HTTPS port");
  }

  @Test
  void ganetisRapiPemServesAsCertificateKeyAndTrust() throws Exception {
    Path rapiPem = TestCa.selfSigned("cluster.example.com", tmp.resolve("rapi.pem"));
    String url = startOverHttps(rapiPem, rapiPem);
    MaintctlRun pause =
        MaintctlRun.of(url, cluster.keyFile, "--ca-file", rapiPem.toString(), "pause");
    assertEquals(0, pause.code(), pause.err());
    assertTrue(pause.out().contains("paused"), pause.out());
  }

  @Test
  void aKeyFileWithoutAKeyRefusesTheStartNamingTheSetting() throws Exception {
    TestCa ca = TestCa.create("maintd test CA");
    Path caFile = ca.writeCertificate(tmp.resolve("ca.pem"));
    StartupException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            StartupException.class, () -> startOverHttps(caFile, caFile));
    assertEquals(ExitCodes.USAGE, e.exitCode());
    assertTrue(e.getMessage().startsWith("https.key: no private key in " + caFile), e.getMessage());
    cluster = null;
  }
}
