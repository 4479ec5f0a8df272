package org.maintd.http;

import java.time.Duration;
import java.util.Optional;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * The Jetty servers of maintd, built one way: one HTTP (or HTTPS) connector on {@code bind:port}
 * (port 0: a free port; one acceptor and one selector thread, as a demo runs many collectors in one
 * process), request headers and URI of at most 8 KiB (431 and 414 beyond), connections that stay
 * silent longer than {@code idleTimeout} closed, no server version in answers, and every error
 * Jetty answers itself written as JSON by the {@link JsonErrorHandler}. Stateless.
 */
public final class Servers {
  static final int MAX_HEADERS = 8192;

  private Servers() {}

  public static Server newServer(String bind, int port, Duration idleTimeout, Handler handler) {
    return newServer(bind, port, idleTimeout, handler, Optional.empty());
  }

  /**
   * The same server, speaking HTTPS with {@code tls} (none: plain HTTP). Clients may reach it by
   * any name or address: the certificate is not matched against the name the client asked for
   * (Ganeti's cluster certificate names the cluster, not each node).
   */
  public static Server newServer(
      String bind,
      int port,
      Duration idleTimeout,
      Handler handler,
      Optional<SslContextFactory.Server> tls) {
    Server server = new Server();
    HttpConfiguration http = new HttpConfiguration();
    http.setRequestHeaderSize(MAX_HEADERS);
    http.setSendServerVersion(false);
    http.setSendXPoweredBy(false);
    http.setUriCompliance(UriCompliance.DEFAULT);
    ServerConnector connector;
    if (tls.isEmpty()) {
      connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
    } else {
      SecureRequestCustomizer secure = new SecureRequestCustomizer();
      secure.setSniHostCheck(false);
      secure.setSniRequired(false);
      http.addCustomizer(secure);
      connector =
          new ServerConnector(
              server,
              1,
              1,
              new SslConnectionFactory(tls.get(), HttpVersion.HTTP_1_1.asString()),
              new HttpConnectionFactory(http));
    }
    connector.setHost(bind);
    connector.setPort(port);
    connector.setIdleTimeout(idleTimeout.toMillis());
    server.addConnector(connector);
    server.setErrorHandler(new JsonErrorHandler());
    server.setHandler(handler);
    return server;
  }

  /**
   * Adds to {@code server} (made by {@link #newServer}, plain HTTP) one more connector like its
   * first, on {@code bind:port}: one server answering on several addresses.
   */
  public static void addConnector(Server server, String bind, int port, Duration idleTimeout) {
    HttpConfiguration http =
        server
            .getConnectors()[0]
            .getConnectionFactory(HttpConnectionFactory.class)
            .getHttpConfiguration();
    ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
    connector.setHost(bind);
    connector.setPort(port);
    connector.setIdleTimeout(idleTimeout.toMillis());
    server.addConnector(connector);
  }

  /** The port the server's connector listens on, once started. */
  public static int port(Server server) {
    return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
  }
}
