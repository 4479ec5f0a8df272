package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Http;
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
    cluster.api = new Http(TestCluster.MAX_BODY, TestCluster.IDLE, certificate, key);
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
    assertEquals(
        "maintctl: maintd at "
            + url.replace("https:", "http:")
            + " speaks HTTPS, not plain HTTP: use "
            + url
            + " (with --ca-file or MAINTD_CA_FILE naming the certificate to trust)",
        plain.err().strip());
  }

  @Test
  void theHealthSaysTheApiSpeaksHttps() throws Exception {
    TestCa ca = TestCa.create("maintd test CA");
    Path server = ca.issue("node1", tmp.resolve("server.pem"));
    startOverHttps(server, server);
    assertTrue(
        cluster.daemon().health().parts().stream()
            .anyMatch(
                p ->
                    p.name().equals("api") && p.detail().equals("https on port " + cluster.port())),
        cluster.daemon().health().toString());
  }

  @Test
  void aKeyThatDoesNotMatchTheCertificateRefusesTheStartNamingBothSettings() throws Exception {
    TestCa ca = TestCa.create("maintd test CA");
    Path server = ca.issue("node1", tmp.resolve("server.pem"));
    Path other = ca.issue("node2", tmp.resolve("other.pem"));
    StartupException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            StartupException.class, () -> startOverHttps(server, other));
    assertEquals(ExitCodes.USAGE, e.exitCode());
    assertEquals(
        "https.key: the key in "
            + other
            + " does not match the certificate of https.certificate ("
            + server
            + ", O=maintd-test,CN=node1): give the key that certificate was issued for",
        e.getMessage());
    cluster = null;
  }

  @Test
  void maintctlToAPlainHttpApiWithAnHttpsUrlSaysToUseHttp() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.startDaemon();
    String url = "https://127.0.0.1:" + cluster.port();
    MaintctlRun run = MaintctlRun.of(url, cluster.keyFile, "health");
    assertEquals(1, run.code());
    assertEquals(
        "maintctl: maintd at "
            + url
            + " speaks plain HTTP, not HTTPS: use http://127.0.0.1:"
            + cluster.port(),
        run.err().strip());
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
