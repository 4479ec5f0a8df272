package org.maintd.daemon.zookeeper.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import org.apache.zookeeper.common.X509Util;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.daemon.testing.TestCa;

/**
 * What the handshake with a server says, against a TLS server in this JVM on a loopback port of its
 * own (Java's own TLS, as ZooKeeper's server uses it), one case of {@link Handshake} at a time.
 */
class TlsProbeTest {
  @TempDir static Path tmp;
  static Path caFile;
  static Path serverPem;
  static Path clientPem;
  static Path otherCa;
  ServerSocket server;
  final ExecutorService accepting = Executors.newSingleThreadExecutor();

  @BeforeAll
  static void certificates() throws Exception {
    TestCa ca = TestCa.create("maintd test CA");
    caFile = ca.writeCertificate(tmp.resolve("ca.pem"));
    serverPem = ca.issue("zookeeper", tmp.resolve("zookeeper.pem"));
    clientPem = ca.issue("maintd", tmp.resolve("maintd.pem"));
    otherCa = TestCa.create("another CA").writeCertificate(tmp.resolve("other.pem"));
  }

  @AfterEach
  void stop() throws IOException {
    closeServer();
    accepting.shutdownNow();
  }

  /** Closes the server: its port is then closed, and the next server may be started. */
  private void closeServer() throws IOException {
    if (server != null) {
      server.close();
    }
  }

  /** A TLS server on {@code address} offering {@code protocols}; it answers four bytes with two. */
  private int tlsServer(String address, boolean needClientAuth, Path trusts, String... protocols)
      throws Exception {
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(
        new KeyManager[] {X509Util.createKeyManager(serverPem.toString(), "", "PEM")},
        new TrustManager[] {
          X509Util.createTrustManager(
              trusts.toString(), "", "PEM", false, false, false, false, true)
        },
        null);
    SSLServerSocket s =
        (SSLServerSocket)
            ctx.getServerSocketFactory().createServerSocket(0, 5, InetAddress.getByName(address));
    s.setEnabledProtocols(protocols);
    s.setNeedClientAuth(needClientAuth);
    return serve(s);
  }

  private int serve(ServerSocket s) {
    server = s;
    accepting.submit(
        () -> {
          while (!s.isClosed()) {
            try (Socket c = s.accept()) {
              if (c instanceof SSLSocket tls) {
                tls.startHandshake();
              }
              InputStream in = c.getInputStream();
              if (in.readNBytes(4).length == 4 && c instanceof SSLSocket) {
                c.getOutputStream().write("ok".getBytes(StandardCharsets.US_ASCII));
              }
            } catch (IOException e) {
              // the handshake failed on the server's side too, or the probe is gone
            }
          }
        });
    return s.getLocalPort();
  }

  private static ZooKeeper.Tls tls(Path trustStore, Path keyStore, String... protocols) {
    return new ZooKeeper.Tls(
        trustStore,
        null,
        keyStore,
        null,
        true,
        protocols.length == 0 ? "TLSv1.3" : protocols[0],
        protocols.length == 0 ? ZooKeeper.Tls.DEFAULT_PROTOCOLS : List.of(protocols),
        List.of());
  }

  private static Handshake probe(ZooKeeper.Tls tls, String host, int port) {
    TlsProbe.Server server = new TlsProbe.Server(host, port);
    return new TlsProbe(
            TlsDiagnosis.context(ZooKeeperTls.config(tls), tls),
            tls.keyStore() != null,
            Duration.ofSeconds(10))
        .probe(List.of(server))
        .get(server);
  }

  @Test
  void maintdsDefaultsAgreeWithAServerOfTls12AloneAndOneOfTls13Alone() throws Exception {
    int v12 = tlsServer("127.0.0.1", true, caFile, "TLSv1.2");
    Handshake h = probe(tls(caFile, clientPem), "127.0.0.1", v12);
    assertEquals("TLSv1.2", assertInstanceOf(Handshake.Agreed.class, h).protocol());
    assertFalse(h.refusal());
    closeServer();
    int v13 = tlsServer("127.0.0.1", true, caFile, "TLSv1.3");
    assertEquals(
        "TLSv1.3",
        assertInstanceOf(Handshake.Agreed.class, probe(tls(caFile, clientPem), "127.0.0.1", v13))
            .protocol());
  }

  @Test
  void aServerCertificateFromAnotherCaIsUntrusted() throws Exception {
    int port = tlsServer("127.0.0.1", true, caFile, "TLSv1.3");
    Handshake h = probe(tls(otherCa, clientPem), "127.0.0.1", port);
    assertInstanceOf(Handshake.Untrusted.class, h);
    assertEquals(
        "zookeeper.tls.trustStore: the certificate of ZooKeeper at 127.0.0.1:"
            + port
            + " is not trusted by "
            + otherCa
            + " (no CA certificate in it issued the server's certificate): give the certificate"
            + " of the CA that issued the servers' certificates",
        h.says("127.0.0.1:" + port, tls(otherCa, clientPem)));
  }

  @Test
  void aCertificateThatDoesNotNameTheHostReachedIsTheWrongHost() throws Exception {
    int port = tlsServer("127.0.0.2", true, caFile, "TLSv1.3");
    Handshake h = probe(tls(caFile, clientPem), "127.0.0.2", port);
    assertEquals(new Handshake.WrongHost("127.0.0.2"), h);
    assertTrue(h.refusal());
  }

  @Test
  void noKeyStoreWhereTheServerWantsACertificateIsToldWithTls13AndTls12() throws Exception {
    int v13 = tlsServer("127.0.0.1", true, caFile, "TLSv1.3");
    assertInstanceOf(
        Handshake.NoClientCertificate.class, probe(tls(caFile, null), "127.0.0.1", v13));
    closeServer();
    int v12 = tlsServer("127.0.0.1", true, caFile, "TLSv1.2");
    assertInstanceOf(
        Handshake.NoClientCertificate.class, probe(tls(caFile, null), "127.0.0.1", v12));
  }

  @Test
  void aClientCertificateTheServerDoesNotTrustIsRefused() throws Exception {
    int port = tlsServer("127.0.0.1", true, otherCa, "TLSv1.3");
    assertInstanceOf(
        Handshake.ClientCertificateRefused.class, probe(tls(caFile, clientPem), "127.0.0.1", port));
  }

  @Test
  void noProtocolInCommonIsToldWithWhatMaintdOffers() throws Exception {
    int port = tlsServer("127.0.0.1", true, caFile, "TLSv1.2");
    ZooKeeper.Tls only13 = tls(caFile, clientPem, "TLSv1.3");
    Handshake h = probe(only13, "127.0.0.1", port);
    assertInstanceOf(Handshake.NoCommonProtocol.class, h);
    assertTrue(
        h.says("zk:2281", only13)
            .startsWith(
                "zookeeper.tls.enabledProtocols: ZooKeeper at zk:2281 accepts none of"
                    + " TLSv1.3, what maintd offers"),
        h.says("zk:2281", only13));
  }

  @Test
  void aPortWithoutTlsIsNotTlsAndAClosedOneIsUnreachable() throws Exception {
    int plain = serve(new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1")));
    assertInstanceOf(Handshake.NotTls.class, probe(tls(caFile, clientPem), "127.0.0.1", plain));
    closeServer();
    // a port bound by a socket that does not listen: refused, and no other server can take it
    try (Socket holder = new Socket()) {
      holder.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
      Handshake closed = probe(tls(caFile, clientPem), "127.0.0.1", holder.getLocalPort());
      assertInstanceOf(Handshake.Unreachable.class, closed);
      assertFalse(closed.refusal());
    }
  }

  @Test
  void whatNoCaseDescribesFailsAndIsNoRefusal() {
    Handshake h =
        HandshakeFailures.classify(
            new javax.net.ssl.SSLException("Received fatal alert: record_overflow"), "zk", true);
    assertInstanceOf(Handshake.Failed.class, h);
    assertFalse(h.refusal());
    assertInstanceOf(
        Handshake.Failed.class,
        HandshakeFailures.classify(new IllegalStateException("a bug"), "zk", true));
  }
}
