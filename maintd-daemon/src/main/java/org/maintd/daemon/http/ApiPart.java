package org.maintd.daemon.http;

import java.time.Clock;
import org.eclipse.jetty.server.Server;
import org.maintd.daemon.service.LifeCyclePart;
import org.maintd.http.Servers;

/** The HTTP API's server as a part of the daemon: listening while it runs. Thread-safe. */
public final class ApiPart extends LifeCyclePart {
  private final Server server;

  public ApiPart(Server server, Clock clock) {
    super("api", "the HTTP API", server, clock);
    this.server = server;
  }

  /** The port it listens on (the one chosen when it was configured with 0). */
  public int port() {
    return Servers.port(server);
  }

  @Override
  protected String detail() {
    return server.isStarted() ? "listening on port " + port() : "";
  }
}
