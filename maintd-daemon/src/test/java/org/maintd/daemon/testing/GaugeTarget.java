package org.maintd.daemon.testing;

import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A scrape target for Prometheus: Jetty on a loopback port serving {@code GET /metrics} with one
 * gauge, {@code maintd_test_trouble}, whose value the test sets. Any other path is a 404.
 */
public final class GaugeTarget implements AutoCloseable {
  public final AtomicInteger trouble = new AtomicInteger();
  private final Server server = new Server();
  private final ServerConnector connector;

  public GaugeTarget() throws Exception {
    connector = LoopbackJetty.serve(server, this::answer);
  }

  private boolean answer(Request request, Response response, Callback callback) {
    boolean metrics = request.getHttpURI().getPath().equals("/metrics");
    response.setStatus(metrics ? 200 : 404);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; version=0.0.4");
    String body =
        metrics
            ? "# TYPE maintd_test_trouble gauge\nmaintd_test_trouble " + trouble.get() + "\n"
            : "404 page not found\n";
    Content.Sink.write(response, true, body, callback);
    return true;
  }

  /** {@code host:port}, as a scrape configuration names it. */
  public String address() {
    return "127.0.0.1:" + connector.getLocalPort();
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
