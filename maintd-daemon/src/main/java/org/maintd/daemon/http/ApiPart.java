package org.maintd.daemon.http;

import java.time.Clock;
import org.eclipse.jetty.server.Server;
import org.maintd.daemon.service.Part;
import org.maintd.http.Servers;

/** The HTTP API's server as a part of the daemon: listening while it runs. Thread-safe. */
public final class ApiPart extends Part {
  private final Server server;

  public ApiPart(Server server, Clock clock) {
    super("api", clock);
    this.server = server;
  }

  /** The port it listens on (the one chosen when it was configured with 0). */
  public int port() {
    return Servers.port(server);
  }

  @Override
  protected void startUp() {
    try {
      server.start();
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the HTTP API: " + e.getMessage(), e);
    }
  }

  @Override
  protected void shutDown() {
    try {
      server.stop();
    } catch (Exception e) {
      throw new IllegalStateException("cannot stop the HTTP API: " + e.getMessage(), e);
    }
  }

  @Override
  protected String detail() {
    return server.isStarted() ? "listening on port " + port() : "";
  }
}
