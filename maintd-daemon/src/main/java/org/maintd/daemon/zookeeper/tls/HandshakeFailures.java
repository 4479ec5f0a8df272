package org.maintd.daemon.zookeeper.tls;

import io.netty.handler.ssl.NotSslRecordException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * What a failed handshake means, from the exception Java's TLS (through Netty) raised: the alert
 * the server sent, or what maintd's side found wrong with the server's certificate or the versions
 * offered. Stateless.
 */
final class HandshakeFailures {
  private static final Pattern ALERT = Pattern.compile("Received fatal alert: (\\w+)");

  /** The alerts a server sends about the client's certificate, or its absence. */
  private static final Set<String> CLIENT_CERTIFICATE_ALERTS =
      Set.of(
          "bad_certificate",
          "certificate_required",
          "unknown_ca",
          "certificate_unknown",
          "certificate_expired",
          "certificate_revoked",
          "unsupported_certificate",
          "access_denied");

  private HandshakeFailures() {}

  /**
   * The meaning of {@code failure} in a handshake with {@code host}; {@code keyStore}: whether
   * maintd has a certificate to give.
   */
  static Handshake classify(Throwable failure, String host, boolean keyStore) {
    List<Throwable> chain = chain(failure);
    for (Throwable t : chain) {
      if (t instanceof ConnectException) {
        return new Handshake.Unreachable(t.getMessage());
      }
      if (t instanceof NotSslRecordException) {
        return new Handshake.NotTls("answered other than in TLS");
      }
    }
    for (Throwable t : chain) {
      Handshake h = certificate(t, host);
      if (h != null) {
        return h;
      }
    }
    for (Throwable t : chain) {
      Matcher alert = ALERT.matcher(String.valueOf(t.getMessage()));
      if (t instanceof SSLException && alert.find()) {
        return alert(alert.group(1), keyStore);
      }
    }
    return local(chain);
  }

  /** What maintd's side found wrong with the server's certificate; null: nothing. */
  private static Handshake certificate(Throwable t, String host) {
    if (t instanceof CertPathBuilderException) {
      return new Handshake.Untrusted("no CA certificate in it issued the server's certificate");
    }
    if (t instanceof CertPathValidatorException v) {
      return new Handshake.Untrusted(v.getMessage());
    }
    if (t instanceof CertificateException c
        && c.getMessage() != null
        && (c.getMessage().startsWith("No subject alternative")
            || c.getMessage().startsWith("No name matching")
            || c.getMessage().startsWith("Failed to verify"))) {
      return new Handshake.WrongHost(host);
    }
    return null;
  }

  /** What the server's alert says. */
  private static Handshake alert(String alert, boolean keyStore) {
    if (alert.equals("protocol_version")) {
      return new Handshake.NoCommonProtocol("its alert: protocol_version");
    }
    if (alert.equals("handshake_failure") || alert.equals("insufficient_security")) {
      return new Handshake.NoCommonCipherSuite("its alert: " + alert);
    }
    if (CLIENT_CERTIFICATE_ALERTS.contains(alert)) {
      return keyStore
          ? new Handshake.ClientCertificateRefused(alert)
          : new Handshake.NoClientCertificate(alert);
    }
    return new Handshake.Failed(new SSLException("Received fatal alert: " + alert));
  }

  /** What maintd's own side refused, or the connection's end during the handshake. */
  private static Handshake local(List<Throwable> chain) {
    for (Throwable t : chain) {
      String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
      if (t instanceof SSLException && m.contains("not accepted by client preferences")) {
        return new Handshake.NoCommonProtocol("the server chose " + version(t.getMessage()));
      }
      if (t instanceof SSLException && m.contains("no appropriate protocol")) {
        return new Handshake.NoCommonCipherSuite(
            "none of maintd's cipher suites can be used with its protocols");
      }
      if (t instanceof ClosedChannelException
          || m.contains("remote host terminated the handshake")
          || m.contains("connection closed while ssl/tls handshake")) {
        return new Handshake.NotTls("closed the connection");
      }
    }
    return new Handshake.Failed(chain.get(0));
  }

  /** The version a JDK message names ("... protocol version TLS12 is not accepted ..."). */
  private static String version(String message) {
    Matcher m = Pattern.compile("version (\\S+)").matcher(message);
    return m.find() ? m.group(1).replace("TLS1", "TLSv1.") : "another version";
  }

  private static List<Throwable> chain(Throwable failure) {
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = failure; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    return chain;
  }
}
