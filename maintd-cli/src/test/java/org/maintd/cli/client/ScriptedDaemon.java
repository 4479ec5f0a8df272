package org.maintd.cli.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A stand-in for maintd at the edge where a real daemon does not answer on demand: real HTTP on an
 * ephemeral loopback port, answering each request with the next answer scripted (the last one again
 * once they are used up), and recording what it was sent. For the answers a test needs at a given
 * moment: busy with {@code Retry-After}, a standby's refusal, something that is not JSON.
 * Thread-safe.
 */
public final class ScriptedDaemon implements AutoCloseable {
  /** An answer: its status, its extra headers and its body. */
  public record Answer(int status, Map<String, String> headers, String body) {
    public static Answer ok(String body) {
      return new Answer(200, Map.of(), body);
    }

    public static Answer error(int status, String code, String message) {
      return new Answer(
          status, Map.of(), "{\"error\": \"" + code + "\", \"message\": \"" + message + "\"}");
    }
  }

  /** A request it was sent: method, path with query, and the nonce it was signed with. */
  public record Sent(String method, String path, String nonce) {}

  private final Server server = new Server();
  private final ServerConnector connector = new ServerConnector(server);
  private final Deque<Answer> answers = new ArrayDeque<>();
  private final List<Sent> sent = Collections.synchronizedList(new ArrayList<>());
  private Answer last = Answer.ok("{}");

  public ScriptedDaemon(Answer... script) throws Exception {
    answers.addAll(List.of(script));
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    server.setHandler(new Answering());
    server.start();
  }

  /** Records each request, then answers it with the next answer of the script. */
  private final class Answering extends Handler.Abstract {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
      sent.add(
          new Sent(
              request.getMethod(),
              request.getHttpURI().getPathQuery(),
              request.getHeaders().get("X-Maintd-Nonce")));
      Answer a = next();
      response.setStatus(a.status());
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
      a.headers().forEach((k, v) -> response.getHeaders().put(k, v));
      Content.Sink.write(response, true, a.body(), callback);
      return true;
    }
  }

  private synchronized Answer next() {
    if (!answers.isEmpty()) {
      last = answers.poll();
    }
    return last;
  }

  public String url() {
    return "http://127.0.0.1:" + connector.getLocalPort();
  }

  public List<Sent> sent() {
    return List.copyOf(sent);
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
