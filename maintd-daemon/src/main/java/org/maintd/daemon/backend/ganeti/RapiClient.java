package org.maintd.daemon.backend.ganeti;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.maintd.protocol.tls.RapiLogin;
import org.maintd.rapi.client.RapiEndpoint;
import org.maintd.rapi.client.RapiFailure;
import org.maintd.rapi.client.RapiHttp;
import org.maintd.rapi.client.RapiWatcher;
import org.maintd.spi.BackendException;

/**
 * The Ganeti backend's side of the RAPI client maintctl shares ({@link RapiHttp}): the settings
 * made an endpoint (the time limit of one request to connect and to answer), every failure a {@link
 * RapiException} with Ganeti's message, a login or certificate maintd cannot use a {@link
 * BackendException}. Reads are tried again; changes are sent once. Thread-safe.
 */
public final class RapiClient implements AutoCloseable {
  private final RapiHttp http;

  public RapiClient(RapiSettings settings) {
    this(settings, RapiWatcher.NONE);
  }

  /** A client that tells {@code watcher} of every exchange (the daemon's faults). */
  public RapiClient(RapiSettings settings, RapiWatcher watcher) {
    RapiEndpoint endpoint =
        new RapiEndpoint(
            settings.url(),
            Optional.ofNullable(settings.trust()),
            settings.verifyHostname(),
            Optional.of(login(settings.credentials())),
            settings.timeout(),
            settings.timeout(),
            settings.readAttempts());
    try {
      this.http = new RapiHttp(endpoint, watcher);
    } catch (IllegalArgumentException e) {
      throw new BackendException(settings.trust() + ": " + e.getMessage(), e);
    }
  }

  /** GET, tried again on no answer or a 5xx answer. */
  public Object get(String path) {
    try {
      return http.get(path);
    } catch (RapiFailure e) {
      throw failed(e);
    }
  }

  /** A change (PUT, POST, DELETE), sent once; answers Ganeti's JSON (a job id for jobs). */
  public Object change(String method, String path, Map<String, String> query, Object body) {
    try {
      return http.change(method, path, query, body);
    } catch (RapiFailure e) {
      throw failed(e);
    }
  }

  private static RapiException failed(RapiFailure e) {
    return e.status() == 0
        ? new RapiException(e.getMessage(), e)
        : new RapiException(e.status(), e.getMessage());
  }

  /** Nothing to release: the JDK's client lets its connections go when it is no longer used. */
  @Override
  public void close() {}

  /**
   * The RAPI login in {@code file}, as maintctl reads it too; a {@link BackendException} if bad.
   */
  static RapiLogin login(Path file) {
    try {
      return RapiLogin.read(file);
    } catch (IllegalArgumentException e) {
      throw new BackendException(e.getMessage(), e);
    }
  }
}
