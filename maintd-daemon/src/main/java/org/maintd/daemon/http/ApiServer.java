package org.maintd.daemon.http;

import java.time.Duration;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.http.Router;
import org.maintd.http.Servers;

/**
 * The API's Jetty server, separate from the daemon so that tests can start it alone on port 0 over
 * a fake view.
 */
public final class ApiServer {
  private ApiServer() {}

  /**
   * A server (not started) on {@code bind}:{@code port} (0: any free port) answering {@code
   * routes}.
   */
  public static Server newServer(
      String bind, int port, Router<ApiAction> routes, Authenticator auth, Limits limits) {
    return newServer(bind, port, routes, auth, limits, Optional.empty(), java.util.Map::of);
  }

  /**
   * The same, over HTTPS with {@code tls} (none: plain HTTP), its reads answered with the headers
   * {@code readHeaders} gives.
   */
  public static Server newServer(
      String bind,
      int port,
      Router<ApiAction> routes,
      Authenticator auth,
      Limits limits,
      Optional<SslContextFactory.Server> tls,
      java.util.function.Supplier<java.util.Map<String, String>> readHeaders) {
    return Servers.newServer(
        bind, port, limits.idleTimeout(), new ApiHandler(routes, auth, limits, readHeaders), tls);
  }

  /**
   * How long a silent client is kept, the largest body read, how long a body may take to arrive in
   * all, and how many bodies of requests not yet authenticated are read at once.
   */
  public record Limits(
      Duration idleTimeout, int maxRequestBody, Duration bodyDeadline, int pendingBodies) {
    /** The most a body may take to arrive, however it trickles in. */
    public static final Duration BODY_DEADLINE = Duration.ofSeconds(10);

    /** The most bodies of requests not yet authenticated read at once. */
    public static final int PENDING_BODIES = 64;

    /**
     * A body arrives within {@link #BODY_DEADLINE} (or {@code idleTimeout}, when shorter), and
     * {@link #PENDING_BODIES} are read at once.
     */
    public Limits(Duration idleTimeout, int maxRequestBody) {
      this(
          idleTimeout,
          maxRequestBody,
          idleTimeout.compareTo(BODY_DEADLINE) < 0 ? idleTimeout : BODY_DEADLINE,
          PENDING_BODIES);
    }
  }
}
