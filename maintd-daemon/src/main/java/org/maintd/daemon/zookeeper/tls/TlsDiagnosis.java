package org.maintd.daemon.zookeeper.tls;

import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLException;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.common.ClientX509Util;
import org.apache.zookeeper.common.X509Exception;
import org.maintd.daemon.config.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What keeps TLS to ZooKeeper from working, told in one line: a trust or key store that cannot be
 * loaded (before connecting), and, once a first connection failed, the first server of {@code
 * zookeeper.connect} whose handshake names a cause in the configuration. Stateless.
 */
public final class TlsDiagnosis {
  private static final Logger log = LoggerFactory.getLogger(TlsDiagnosis.class);

  private TlsDiagnosis() {}

  /**
   * The Netty context ZooKeeper's client builds from {@code config}; {@link TlsRefused} naming the
   * store that cannot be loaded.
   */
  public static SslContext context(ZKClientConfig config, ZooKeeper.Tls tls) {
    try (ClientX509Util x509 = new ClientX509Util()) {
      return x509.createNettySslContextForClient(config);
    } catch (X509Exception.KeyManagerException e) {
      throw unusable("keyStore", tls.keyStore(), e);
    } catch (X509Exception.TrustManagerException e) {
      throw unusable("trustStore", tls.trustStore(), e);
    } catch (SSLException | IllegalArgumentException e) {
      throw new TlsRefused(
          "zookeeper.tls: "
              + String.join(", ", tls.offered())
              + " with "
              + (tls.cipherSuites().isEmpty() ? "ZooKeeper's cipher suites" : tls.cipherSuites())
              + " cannot be used: "
              + e.getMessage(),
          e);
    }
  }

  private static TlsRefused unusable(String which, java.nio.file.Path file, Exception e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return new TlsRefused(
        "zookeeper.tls."
            + which
            + ": cannot load "
            + file
            + " ("
            + root.getMessage()
            + "): give a PEM file, or a PKCS12 or JKS store with its password in zookeeper.tls."
            + which
            + "PasswordFile",
        e);
  }

  /**
   * After a first connection to {@code connect} over TLS failed: a handshake with each server;
   * {@link TlsRefused} with the first whose outcome is a matter of configuration. Returns when none
   * is (the servers cannot be reached, or TLS works and something else failed).
   */
  public static void refuseOnConfiguration(
      String connect, ZooKeeper.Tls tls, ZKClientConfig config, Duration timeout) {
    Map<TlsProbe.Server, Handshake> outcomes =
        new TlsProbe(context(config, tls), tls.keyStore() != null, timeout)
            .probe(TlsProbe.Server.of(connect));
    outcomes.forEach(
        (server, h) -> {
          if (h.refusal()) {
            throw new TlsRefused(h.says(server.toString(), tls));
          }
        });
    outcomes.forEach(
        (server, h) -> {
          if (h instanceof Handshake.Failed f) {
            log.error("{}", h.says(server.toString(), tls), f.cause());
          } else if (h instanceof Handshake.Agreed) {
            log.info("{}, yet no ZooKeeper session was made", h.says(server.toString(), tls));
          } else {
            log.debug("{}", h.says(server.toString(), tls));
          }
        });
  }
}
