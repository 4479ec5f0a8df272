package org.maintd.daemon.zookeeper.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.zookeeper.client.ZKClientConfig;
import org.maintd.daemon.config.ZooKeeper;

/**
 * The client settings of one ZooKeeper connection: with TLS, ZooKeeper's secure client over Netty
 * with the configured trust store (and key store, when the servers ask for the client's
 * certificate), the protocols it offers and its cipher suites. Set on this connection's own {@link
 * ZKClientConfig}, never JVM-wide. Stateless.
 */
public final class ZooKeeperTls {
  private ZooKeeperTls() {}

  /**
   * The client config {@code tls} asks for; {@link TlsRefused} naming the setting whose file cannot
   * be read.
   */
  public static ZKClientConfig config(ZooKeeper.Tls tls) {
    ZKClientConfig c = new ZKClientConfig();
    if (!tls.enabled()) {
      return c;
    }
    c.setProperty(ZKClientConfig.SECURE_CLIENT, "true");
    c.setProperty(
        ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET, "org.apache.zookeeper.ClientCnxnSocketNetty");
    store(c, "trustStore", tls.trustStore(), tls.trustStorePasswordFile());
    if (tls.keyStore() != null) {
      store(c, "keyStore", tls.keyStore(), tls.keyStorePasswordFile());
    }
    c.setProperty(
        "zookeeper.ssl.hostnameVerification", Boolean.toString(tls.hostnameVerification()));
    c.setProperty("zookeeper.ssl.protocol", tls.protocol());
    // The Netty client offers exactly these (ZooKeeper's own default is its protocol alone).
    c.setProperty("zookeeper.ssl.enabledProtocols", String.join(",", tls.offered()));
    if (!tls.cipherSuites().isEmpty()) {
      c.setProperty("zookeeper.ssl.ciphersuites", String.join(",", tls.cipherSuites()));
    }
    return c;
  }

  private static void store(ZKClientConfig c, String which, Path file, Path passwordFile) {
    c.setProperty("zookeeper.ssl." + which + ".location", file.toString());
    c.setProperty("zookeeper.ssl." + which + ".type", type(file));
    if (passwordFile != null) {
      try {
        c.setProperty(
            "zookeeper.ssl." + which + ".password",
            Files.readString(passwordFile, StandardCharsets.UTF_8).strip());
      } catch (IOException e) {
        throw new TlsRefused(
            "zookeeper.tls." + which + "PasswordFile: cannot read " + passwordFile, e);
      }
    }
  }

  /** The store's type from its name: PKCS12 (.p12, .pfx), JKS (.jks), else PEM. */
  private static String type(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".p12") || name.endsWith(".pfx")) {
      return "PKCS12";
    }
    return name.endsWith(".jks") ? "JKS" : "PEM";
  }
}
