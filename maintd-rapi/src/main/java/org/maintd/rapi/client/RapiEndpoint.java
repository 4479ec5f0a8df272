package org.maintd.rapi.client;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.maintd.protocol.tls.RapiLogin;

/**
 * Where and how to reach Ganeti's RAPI: its base URL, the PEM file to trust (the cluster
 * certificate or a CA bundle; none: the JVM's CAs), whether the certificate must name the host
 * (Ganeti's self-signed one names none), the login sent with every request (RAPI asks reads for one
 * only with {@code --require-authentication}), the time limits to connect and to answer, and how
 * many times a read is tried.
 */
public record RapiEndpoint(
    URI base,
    Optional<Path> trust,
    boolean verifyHostname,
    Optional<RapiLogin> login,
    Duration connectTimeout,
    Duration answerTimeout,
    int readAttempts) {

  public RapiEndpoint {
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("connectTimeout must be positive, not " + connectTimeout);
    }
    if (answerTimeout.isNegative() || answerTimeout.isZero()) {
      throw new IllegalArgumentException("answerTimeout must be positive, not " + answerTimeout);
    }
  }

  /** Whether RAPI is reached over TLS. */
  public boolean tls() {
    return "https".equals(base.getScheme());
  }
}
