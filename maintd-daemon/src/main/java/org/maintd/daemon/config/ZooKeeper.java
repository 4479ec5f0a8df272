package org.maintd.daemon.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * ZooKeeper: the connection string, the session timeout (a leader that lost its session has given
 * up leadership by then), how long to wait for the first connection, the chroot under which maintd
 * keeps its znodes, how a new leader waits after fencing its predecessor before it acts, and who
 * maintd is to ZooKeeper: {@code acl} {@code digest} (the root-only {@code credentials} file with
 * {@code user:password}), {@code sasl} (the JVM's JAAS {@code Client} section logs in as {@code
 * saslUser}) or {@code open} (no ACLs, on an operator's explicit choice); and TLS. Immutable.
 */
public record ZooKeeper(
    String connect,
    Duration sessionTimeout,
    Duration connectionTimeout,
    String chroot,
    Path credentials,
    Duration fenceWait,
    String acl,
    String saslUser,
    Tls tls) {
  public static ZooKeeper defaults() {
    return new ZooKeeper(
        "",
        Duration.ofSeconds(15),
        Duration.ofSeconds(15),
        "/maintd",
        null,
        Duration.ofSeconds(15),
        "digest",
        "",
        Tls.none());
  }

  /** Digest ACLs with {@code credentials} (null: {@code acl: open}), without TLS. */
  public ZooKeeper(
      String connect,
      Duration sessionTimeout,
      Duration connectionTimeout,
      String chroot,
      Path credentials,
      Duration fenceWait) {
    this(
        connect,
        sessionTimeout,
        connectionTimeout,
        chroot,
        credentials,
        fenceWait,
        credentials == null ? "open" : "digest",
        "",
        Tls.none());
  }

  /**
   * TLS to ZooKeeper's {@code secureClientPort}, on when {@code trustStore} is set: the CA
   * certificates to trust (PEM, or a PKCS12 or JKS store with its password file), the client's own
   * key and certificate when the servers ask for one (optional, likewise), whether the server's
   * certificate must name the host it is reached by, and what maintd offers: ZooKeeper's {@code
   * protocol} (the only version offered when {@code enabledProtocols} is empty), the versions
   * offered, and the cipher suites (empty: ZooKeeper's own list).
   */
  public record Tls(
      Path trustStore,
      Path trustStorePasswordFile,
      Path keyStore,
      Path keyStorePasswordFile,
      boolean hostnameVerification,
      String protocol,
      List<String> enabledProtocols,
      List<String> cipherSuites) {
    /** Offered by default: TLSv1.3 for ZooKeeper 3.9's servers, TLSv1.2 for 3.8's. */
    public static final List<String> DEFAULT_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    public Tls {
      enabledProtocols = List.copyOf(enabledProtocols);
      cipherSuites = List.copyOf(cipherSuites);
    }

    /** With the default protocols and cipher suites. */
    public Tls(
        Path trustStore,
        Path trustStorePasswordFile,
        Path keyStore,
        Path keyStorePasswordFile,
        boolean hostnameVerification) {
      this(
          trustStore,
          trustStorePasswordFile,
          keyStore,
          keyStorePasswordFile,
          hostnameVerification,
          DEFAULT_PROTOCOLS.get(0),
          DEFAULT_PROTOCOLS,
          List.of());
    }

    public static Tls none() {
      return new Tls(null, null, null, null, true);
    }

    public boolean enabled() {
      return trustStore != null;
    }

    /** The versions maintd offers: {@code enabledProtocols}, or {@code protocol} alone. */
    public List<String> offered() {
      return enabledProtocols.isEmpty() ? List.of(protocol) : enabledProtocols;
    }
  }
}
