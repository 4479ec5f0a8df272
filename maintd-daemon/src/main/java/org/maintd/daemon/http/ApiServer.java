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
        bind,
        port,
        limits.idleTimeout(),
        new ApiHandler(routes, auth, limits.maxRequestBody(), readHeaders),
        tls);
  }

  /** How long a silent client is kept, and the largest body read. */
  public record Limits(Duration idleTimeout, int maxRequestBody) {}
}
