package org.maintd.daemon.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.maintd.daemon.http.ApiTls;
import org.maintd.rapi.client.PinnedTrust;

/**
 * A fault proxy in front of Ganeti's RAPI: HTTPS with a certificate of its own, every request sent
 * on to RAPI (its own certificate pinned) with its login, and its answer passed back, unless the
 * {@link ProxyMode} set now says otherwise. The mode is set in words through a control endpoint on
 * loopback ({@code POST /mode} with the mode as body; {@code GET /mode} answers the mode and what
 * the proxy did so far), or by {@link #mode}. The edge where a real cluster cannot misbehave on
 * demand. Thread-safe.
 */
public final class RapiFaultProxy implements AutoCloseable {
  private static final String BAD_GATEWAY =
      "{\"code\": 502, \"message\": \"Bad Gateway\", \"explain\": \"rapi-faults\"}";

  private final URI upstream;
  private final HttpClient client;
  private final Random random;
  private final Server server = new Server();
  private final ServerConnector rapi;
  private final ServerConnector control;
  private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
  private volatile ProxyMode mode = new ProxyMode.Ok();
  private volatile long modeSetNanos = System.nanoTime();

  /**
   * A proxy on 127.0.0.1:{@code port} (0: any) for {@code upstream}, whose certificate {@code
   * upstreamCa} pins, serving TLS with the key and certificate of {@code tls} (one PEM file), its
   * control on 127.0.0.1:{@code controlPort}; faults drawn from {@code seed}.
   */
  public RapiFaultProxy(
      int port, int controlPort, URI upstream, Path upstreamCa, Path tls, long seed)
      throws Exception {
    this.upstream = upstream;
    this.random = new Random(seed);
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .sslContext(PinnedTrust.of(upstreamCa, false))
            .build();
    HttpConfiguration http = new HttpConfiguration();
    SecureRequestCustomizer secure = new SecureRequestCustomizer();
    secure.setSniHostCheck(false);
    http.addCustomizer(secure);
    rapi =
        new ServerConnector(
            server,
            new SslConnectionFactory(ApiTls.of(tls, tls), "http/1.1"),
            new HttpConnectionFactory(http));
    control = new ServerConnector(server);
    for (ServerConnector c : List.of(rapi, control)) {
      c.setHost("127.0.0.1");
      server.addConnector(c);
    }
    rapi.setPort(port);
    control.setPort(controlPort);
    server.setHandler(
        new org.eclipse.jetty.server.Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            return request.getConnectionMetaData().getConnector() == control
                ? controlled(request, response, callback)
                : proxied(request, response, callback);
          }
        });
    server.start();
  }

  public int port() {
    return rapi.getLocalPort();
  }

  public int controlPort() {
    return control.getLocalPort();
  }

  /** Sets the mode from now on. */
  public void mode(ProxyMode next) {
    modeSetNanos = System.nanoTime();
    mode = next;
    count("mode set");
  }

  /** How many times each thing was done ({@code forwarded}, {@code lost answer}, ...). */
  public long done(String what) {
    AtomicLong n = counts.get(what);
    return n == null ? 0 : n.get();
  }

  private void count(String what) {
    counts.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
  }

  private boolean controlled(Request request, Response response, Callback callback)
      throws Exception {
    if (request.getMethod().equals("POST")) {
      try {
        mode(ProxyMode.parse(Content.Source.asString(request, StandardCharsets.UTF_8)));
      } catch (IllegalArgumentException e) {
        return send(response, callback, 400, e.getMessage() + "\n");
      }
    }
    return send(response, callback, 200, mode + " " + new java.util.TreeMap<>(counts) + "\n");
  }

  private boolean proxied(Request request, Response response, Callback callback) throws Exception {
    ProxyMode m = mode;
    String body = Content.Source.asString(request, StandardCharsets.UTF_8);
    if (m instanceof ProxyMode.Slow s) {
      Thread.sleep(s.delay().toMillis());
    }
    if (m instanceof ProxyMode.BadGateway b && hit(b.percent())) {
      count("502 without asking RAPI");
      return send(response, callback, 502, BAD_GATEWAY);
    }
    HttpResponse<String> answer;
    try {
      answer = client.send(forward(request, body), HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException e) {
      count("RAPI unreachable");
      return send(response, callback, 502, BAD_GATEWAY);
    }
    count("forwarded " + request.getMethod());
    String text = answer.body();
    if (m instanceof ProxyMode.LoseAnswers l
        && !request.getMethod().equals("GET")
        && hit(l.percent())) {
      count("answer lost after RAPI took the change");
      return send(response, callback, 502, BAD_GATEWAY);
    }
    if (m instanceof ProxyMode.Truncate t && hit(t.percent())) {
      count("answer cut short");
      text = StuckJobs.cut(text);
    }
    if (m instanceof ProxyMode.Stuck s
        && System.nanoTime() - modeSetNanos < Duration.ofSeconds(s.seconds()).toNanos()) {
      String rewritten = StuckJobs.running(request.getHttpURI().getPath(), s.job(), text);
      if (!rewritten.equals(text)) {
        count("finished job answered running");
        text = rewritten;
      }
    }
    return send(response, callback, answer.statusCode(), text);
  }

  private HttpRequest forward(Request request, String body) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(
                URI.create(
                    upstream.toString().replaceAll("/+$", "")
                        + request.getHttpURI().getPathQuery()))
            .timeout(Duration.ofSeconds(120))
            .method(
                request.getMethod(),
                body.isEmpty()
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    for (HttpHeader h :
        List.of(HttpHeader.AUTHORIZATION, HttpHeader.CONTENT_TYPE, HttpHeader.ACCEPT)) {
      String value = request.getHeaders().get(h);
      if (value != null) {
        b.header(h.asString(), value);
      }
    }
    return b.build();
  }

  private synchronized boolean hit(int percent) {
    return random.nextInt(100) < percent;
  }

  private static boolean send(Response response, Callback callback, int status, String text) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, text, callback);
    return true;
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }

  /**
   * {@code RapiFaultProxy --port P --control-port C --upstream URL --upstream-ca FILE --dir DIR
   * [--seed N]}: writes a CA's certificate to DIR/ca.pem and the proxy's key and certificate, which
   * it signs, to DIR/proxy.pem; runs until killed; prints one line with its ports once it listens.
   */
  public static void main(String[] args) throws Exception {
    Map<String, String> a = new java.util.HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      a.put(args[i], args[i + 1]);
    }
    List<String> missing = new ArrayList<>();
    for (String key : List.of("--port", "--control-port", "--upstream", "--upstream-ca", "--dir")) {
      if (!a.containsKey(key)) {
        missing.add(key);
      }
    }
    if (!missing.isEmpty()) {
      System.err.println("rapi-faults: missing " + String.join(", ", missing));
      System.exit(2);
    }
    Path dir = Files.createDirectories(Path.of(a.get("--dir")));
    TestCa ca = TestCa.create("rapi-faults");
    ca.writeCertificate(dir.resolve("ca.pem"));
    try (RapiFaultProxy proxy =
        new RapiFaultProxy(
            Integer.parseInt(a.get("--port")),
            Integer.parseInt(a.get("--control-port")),
            URI.create(a.get("--upstream")),
            Path.of(a.get("--upstream-ca")),
            ca.issue("rapi-faults", dir.resolve("proxy.pem")),
            Long.parseLong(a.getOrDefault("--seed", "1")))) {
      System.out.println(
          "rapi-faults: https://127.0.0.1:"
              + proxy.port()
              + " -> "
              + a.get("--upstream")
              + " (trust "
              + dir.resolve("ca.pem")
              + "), control http://127.0.0.1:"
              + proxy.controlPort()
              + "/mode");
      new CountDownLatch(1).await();
    }
  }
}
