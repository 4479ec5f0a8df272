package org.maintd.daemon.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The API server: the most it reads of a request's body, how long a connection may stay silent,
 * and, for HTTPS, the PEM certificate (chain) and private key (null: plain HTTP; Ganeti's {@code
 * rapi.pem} holds both). Immutable.
 */
public record Http(int maxRequestBody, Duration idleTimeout, Path certificate, Path key) {
  public static Http defaults() {
    return new Http(1 << 20, Duration.ofSeconds(30));
  }

  /** Plain HTTP. */
  public Http(int maxRequestBody, Duration idleTimeout) {
    this(maxRequestBody, idleTimeout, null, null);
  }

  public boolean https() {
    return certificate != null;
  }
}
