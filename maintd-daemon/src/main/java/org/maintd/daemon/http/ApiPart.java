package org.maintd.daemon.http;

import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.maintd.daemon.service.LifeCyclePart;
import org.maintd.http.Router;
import org.maintd.http.Servers;

/**
 * The HTTP API's server as a part of the daemon: listening while it runs, its detail in {@code
 * /1/health} saying whether it speaks https or plain http, and on which port. Thread-safe.
 */
public final class ApiPart extends LifeCyclePart {
  private final Server server;
  private final List<Router.Endpoint> endpoints;

  /** {@code server}, which serves the routes {@code endpoints} lists. */
  public ApiPart(Server server, List<Router.Endpoint> endpoints, Clock clock) {
    super("api", "the HTTP API", server, clock);
    this.server = server;
    this.endpoints = List.copyOf(endpoints);
  }

  /** Every method and path pattern the API serves, as its router has them. */
  public List<Router.Endpoint> endpoints() {
    return endpoints;
  }

  /** The port it listens on (the one chosen when it was configured with 0). */
  public int port() {
    return Servers.port(server);
  }

  /** {@code https} when its connector speaks TLS, else {@code http}. */
  public String scheme() {
    return Arrays.stream(server.getConnectors())
            .anyMatch(c -> c.getConnectionFactory(SslConnectionFactory.class) != null)
        ? "https"
        : "http";
  }

  @Override
  protected String detail() {
    return server.isStarted() ? scheme() + " on port " + port() : "";
  }
}
