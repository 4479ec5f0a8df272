package org.maintd.daemon.testing;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.maintd.protocol.json.Json;

/**
 * A webhook receiver for tests: Jetty on a loopback port 0 that records the body of every {@code
 * POST} it takes and answers 200; told {@link #down} it answers 503 and records nothing, told
 * {@link #hold} it keeps every request waiting until {@link #release} (a slow receiver). The edge a
 * test controls: Mattermost or Slack stand behind it in production.
 */
public final class WebhookReceiver implements AutoCloseable {
  /** The bodies taken, in order. */
  public final List<String> bodies = new CopyOnWriteArrayList<>();

  /** How many requests came, taken or not. */
  public final List<String> tries = new CopyOnWriteArrayList<>();

  private volatile boolean down;
  private volatile CountDownLatch held = new CountDownLatch(0);
  private final Server server = new Server();
  private final ServerConnector connector;

  public WebhookReceiver() throws Exception {
    connector = LoopbackJetty.serve(server, this::take);
  }

  private boolean take(Request request, Response response, Callback callback) throws Exception {
    String body = Content.Source.asString(request);
    tries.add(body);
    held.await(60, TimeUnit.SECONDS);
    if (down) {
      response.setStatus(503);
      Content.Sink.write(response, true, "down for maintenance\n", callback);
      return true;
    }
    bodies.add(body);
    response.setStatus(200);
    Content.Sink.write(response, true, "ok", callback);
    return true;
  }

  /** The URL events are posted to. */
  public URI url() {
    return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/hooks/maintd");
  }

  /** Answers 503 from now on ({@code true}) or 200 again. */
  public void down(boolean value) {
    down = value;
  }

  /** Keeps every request waiting from now on, until {@link #release}. */
  public void hold() {
    held = new CountDownLatch(1);
  }

  public void release() {
    held.countDown();
  }

  /** The ids of the events taken (the JSON form's {@code id}), in order. */
  public List<String> ids() {
    return bodies.stream().map(b -> String.valueOf(json(b).get("id"))).toList();
  }

  /** How many times the event {@code id} was taken. */
  public long taken(String id) {
    return ids().stream().filter(id::equals).count();
  }

  private static Map<?, ?> json(String body) {
    try {
      return Json.MAPPER.readValue(body, Map.class);
    } catch (Exception e) {
      throw new AssertionError("not JSON: " + body, e);
    }
  }

  @Override
  public void close() throws Exception {
    release();
    server.stop();
  }
}
