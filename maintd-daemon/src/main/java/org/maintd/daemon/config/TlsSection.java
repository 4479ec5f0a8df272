package org.maintd.daemon.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.maintd.config.ConfigSection;

/**
 * The keys of the {@code zookeeper.tls} section of {@code maintd.yaml}: the trust and key stores
 * with their password files (readable; a key store only with a trust store), {@code
 * hostnameVerification}, and the protocols and cipher suites offered, each of which this JVM must
 * know; each bad value told with its key. Stateless.
 */
final class TlsSection {
  private TlsSection() {}

  static ZooKeeper.Tls read(ConfigSection t) {
    SSLParameters jvm = supported();
    String protocol =
        t.oneOf(
            "protocol",
            ZooKeeper.Tls.DEFAULT_PROTOCOLS.get(0),
            List.of(jvm.getProtocols()).stream().filter(p -> p.startsWith("TLS")).toList());
    List<String> listed = t.stringList("enabledProtocols");
    List<String> enabled =
        t.keys().contains("enabledProtocols")
            ? known(t, "enabledProtocols", listed, jvm.getProtocols())
            : ZooKeeper.Tls.DEFAULT_PROTOCOLS;
    if (!enabled.isEmpty() && !enabled.contains(protocol)) {
      t.problem("protocol", protocol + " is not one of enabledProtocols " + enabled);
    }
    ZooKeeper.Tls tls =
        new ZooKeeper.Tls(
            t.optionalPath("trustStore"),
            t.optionalPath("trustStorePasswordFile"),
            t.optionalPath("keyStore"),
            t.optionalPath("keyStorePasswordFile"),
            t.bool("hostnameVerification", true),
            protocol,
            enabled,
            known(t, "cipherSuites", t.stringList("cipherSuites"), jvm.getCipherSuites()));
    if (!tls.enabled() && tls.keyStore() != null) {
      t.problem("keyStore", "needs trustStore: TLS is on only with a trust store");
    }
    for (Path store : new Path[] {tls.trustStore(), tls.keyStore()}) {
      if (store != null && !Files.isReadable(store)) {
        t.problem(store == tls.trustStore() ? "trustStore" : "keyStore", "cannot read " + store);
      }
    }
    return tls;
  }

  /** {@code values}, each of which this JVM must know among {@code supported}. */
  private static List<String> known(
      ConfigSection t, String key, List<String> values, String[] supported) {
    for (String v : values) {
      if (!List.of(supported).contains(v)) {
        t.problem(key, "this JVM does not support '" + v + "'");
      }
    }
    return values;
  }

  /** What this JVM's TLS supports. */
  private static SSLParameters supported() {
    try {
      return SSLContext.getDefault().getSupportedSSLParameters();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no TLS", e);
    }
  }
}
