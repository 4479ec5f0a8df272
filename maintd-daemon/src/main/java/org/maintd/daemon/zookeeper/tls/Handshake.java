package org.maintd.daemon.zookeeper.tls;

import org.maintd.daemon.config.ZooKeeper;

/**
 * How a TLS handshake with one ZooKeeper server went, with maintd's own settings: agreed, or the
 * reason it could not, each case with its own text naming the setting to change. {@link #refusal()}
 * tells the causes an operator fixes in configuration (maintd's or the servers') from a server that
 * cannot be reached and from what looks like a bug.
 */
public sealed interface Handshake {
  /**
   * Whether the cause is in the configuration (a {@link Misconfigured} case): a start it stops is
   * refused (exit code 2).
   */
  default boolean refusal() {
    return this instanceof Misconfigured;
  }

  /** The cases whose cause an operator fixes in configuration, maintd's or the servers'. */
  sealed interface Misconfigured extends Handshake {}

  /** What happened with the server at {@code server} (host:port), in one line. */
  String says(String server, ZooKeeper.Tls tls);

  /** The server and maintd agreed on {@code protocol} and {@code cipherSuite}. */
  record Agreed(String protocol, String cipherSuite) implements Handshake {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "ZooKeeper at " + server + " agreed on " + protocol + " with " + cipherSuite;
    }
  }

  /** The server's certificate is not issued by a CA of the trust store ({@code why}). */
  record Untrusted(String why) implements Misconfigured {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "zookeeper.tls.trustStore: the certificate of ZooKeeper at "
          + server
          + " is not trusted by "
          + tls.trustStore()
          + " ("
          + why
          + "): give the certificate of the CA that issued the servers' certificates";
    }
  }

  /** The server's certificate is trusted but does not name the host maintd reached it by. */
  record WrongHost(String host) implements Misconfigured {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "zookeeper.tls.hostnameVerification: the certificate of ZooKeeper at "
          + server
          + " does not name "
          + host
          + ": reach it in zookeeper.connect by a name or address its certificate holds, or set"
          + " zookeeper.tls.hostnameVerification: false";
    }
  }

  /** The server wants a client certificate and maintd has none. */
  record NoClientCertificate(String alert) implements Misconfigured {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "zookeeper.tls.keyStore: ZooKeeper at "
          + server
          + " asked for a client certificate and zookeeper.tls.keyStore is empty (its alert: "
          + alert
          + "): give maintd's key and certificate, issued by a CA the servers' ssl.trustStore"
          + " holds";
    }
  }

  /** The server refused the client certificate maintd gave ({@code alert}). */
  record ClientCertificateRefused(String alert) implements Misconfigured {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "zookeeper.tls.keyStore: ZooKeeper at "
          + server
          + " refused maintd's certificate in "
          + tls.keyStore()
          + " (its alert: "
          + alert
          + "): give a certificate issued by a CA the servers' ssl.trustStore holds";
    }
  }

  /** The server accepts none of the protocol versions maintd offers. */
  record NoCommonProtocol(String detail) implements Misconfigured {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "zookeeper.tls.enabledProtocols: ZooKeeper at "
          + server
          + " accepts none of "
          + String.join(", ", tls.offered())
          + ", what maintd offers ("
          + detail
          + "): offer a version of the servers' ssl.enabledProtocols (a ZooKeeper 3.8 server"
          + " accepts only TLSv1.2 unless told otherwise)";
    }
  }

  /** Protocols in common, but no cipher suite both sides accept with them. */
  record NoCommonCipherSuite(String detail) implements Misconfigured {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "zookeeper.tls.cipherSuites: ZooKeeper at "
          + server
          + " and maintd found no cipher suite in common for "
          + String.join(", ", tls.offered())
          + " ("
          + detail
          + "; maintd offers "
          + (tls.cipherSuites().isEmpty()
              ? "ZooKeeper's default suites"
              : String.join(", ", tls.cipherSuites()))
          + "): offer one of the servers' ssl.ciphersuites";
    }
  }

  /**
   * The server closed the connection, or answered other than in TLS ({@code detail}), during the
   * handshake.
   */
  record NotTls(String detail) implements Misconfigured {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "zookeeper.connect: "
          + server
          + " "
          + detail
          + " during the TLS handshake: it is not a secureClientPort, or its server cannot do TLS"
          + " (its log says why)";
    }
  }

  /** No connection could be made ({@code why}): not a matter of TLS. */
  record Unreachable(String why) implements Handshake {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "ZooKeeper at " + server + " cannot be reached: " + why;
    }
  }

  /** Something no case above describes: it looks like a bug, and is logged with its trace. */
  record Failed(Throwable cause) implements Handshake {
    @Override
    public String says(String server, ZooKeeper.Tls tls) {
      return "the TLS handshake with ZooKeeper at " + server + " failed: " + cause;
    }
  }
}
