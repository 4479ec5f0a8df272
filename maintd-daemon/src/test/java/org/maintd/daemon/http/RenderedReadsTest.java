package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.GZIPInputStream;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.TestViews;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;

/**
 * Reads answered from one view per request and rendered once per view: the same answer for the same
 * view, with an entity tag a client can send back for a 304, gzipped for clients that take it; a
 * new view renders afresh.
 */
class RenderedReadsTest {
  private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

  @TempDir Path tmp;

  private final HttpClient http = HttpClient.newHttpClient();
  private final AtomicReference<DaemonView> view = new AtomicReference<>();
  private final AtomicInteger viewReads = new AtomicInteger();
  private final AtomicInteger metricsRendered = new AtomicInteger();
  private Server server;

  private static DaemonView view(int incidents) {
    return TestViews.withIncidents(TestCluster.CLUSTER, incidents, NOW);
  }

  @BeforeEach
  void start() throws Exception {
    view.set(view(1));
    server =
        ApiServer.newServer(
            "127.0.0.1",
            0,
            ApiRoutes.of(
                new ApiRoutes.Sources(
                    () -> {
                      viewReads.incrementAndGet();
                      return view.get();
                    },
                    TestApiServer.answering(command -> null),
                    () ->
                        new HealthView(
                            "RUNNING", true, "", "n1", null, "", List.of(), List.of(), List.of()),
                    () -> "maintd_renders_total " + metricsRendered.incrementAndGet() + "\n",
                    memory -> Optional.empty()),
                List.of()),
            new Authenticator(
                new SignatureVerifier(
                    new HmacKey("k".getBytes(StandardCharsets.UTF_8)), Duration.ofSeconds(300)),
                tmp.resolve("users"),
                Clock.systemUTC()),
            new ApiServer.Limits(Duration.ofSeconds(10), 65536));
    server.start();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  private <T> HttpResponse<T> get(String path, HttpResponse.BodyHandler<T> body, String... headers)
      throws Exception {
    int port =
        ((org.eclipse.jetty.server.ServerConnector) server.getConnectors()[0]).getLocalPort();
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), body);
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    return get(path, HttpResponse.BodyHandlers.ofString(), headers);
  }

  @Test
  void aReadReadsTheViewOnce() throws Exception {
    for (String path : List.of("/1/status", "/1/nodes", "/1/plan", "/1/paused")) {
      viewReads.set(0);
      assertEquals(200, get(path).statusCode(), path);
      assertEquals(1, viewReads.get(), path + " read the view more than once");
    }
  }

  @Test
  void theMetricsAreScrapedAfreshForEveryRequestEvenInTheSameView() throws Exception {
    viewReads.set(0);
    HttpResponse<String> first = get("/metrics");
    HttpResponse<String> second = get("/metrics");
    assertEquals("maintd_renders_total 1\n", first.body());
    assertEquals("maintd_renders_total 2\n", second.body(), "a gauge may change between views");
    assertEquals(0, viewReads.get(), "the metrics read no view");
    assertNotEquals(
        first.headers().firstValue("ETag").orElseThrow(),
        second.headers().firstValue("ETag").orElseThrow());
  }

  @Test
  void aClientHoldingTheBodyGetsA304UntilItChanges() throws Exception {
    HttpResponse<String> first = get("/1/status");
    String tag = first.headers().firstValue("ETag").orElseThrow();
    HttpResponse<String> same = get("/1/status", "If-None-Match", tag);
    assertEquals(304, same.statusCode());
    assertEquals("", same.body());
    view.set(view(1));
    assertEquals(
        304,
        get("/1/status", "If-None-Match", "\"other\", " + tag).statusCode(),
        "an equal body in a new view keeps its tag");
    view.set(view(2));
    HttpResponse<String> changed = get("/1/status", "If-None-Match", tag);
    assertEquals(200, changed.statusCode());
    assertTrue(changed.body().contains("00000000-0000-0001-0000-000000000001"), changed.body());
  }

  @Test
  void gzipForClientsThatTakeIt() throws Exception {
    String plain = get("/1/nodes").body();
    HttpResponse<byte[]> zipped =
        get("/1/nodes", HttpResponse.BodyHandlers.ofByteArray(), "Accept-Encoding", "gzip");
    assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElseThrow());
    byte[] unzipped = new GZIPInputStream(new ByteArrayInputStream(zipped.body())).readAllBytes();
    assertArrayEquals(plain.getBytes(StandardCharsets.UTF_8), unzipped);
    assertTrue(zipped.body().length < unzipped.length);
    HttpResponse<String> refused = get("/1/nodes", "Accept-Encoding", "gzip;q=0, identity");
    assertFalse(refused.headers().firstValue("Content-Encoding").isPresent());
    assertEquals(plain, refused.body());
  }

  @Test
  void errorsAreAnsweredNotKept() throws Exception {
    assertEquals(404, get("/1/incidents/" + new UUID(9, 9)).statusCode());
    view.set(view(10));
    assertEquals(200, get("/1/incidents/" + new UUID(1, 9)).statusCode());
    assertEquals(404, get("/1/incidents/" + new UUID(9, 9)).statusCode());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "gzip|true",
        "GZIP|true",
        "deflate, gzip;q=0.5|true",
        "gzip;q=0|false",
        "gzip; q=0.000|false",
        "identity|false",
        "x-gzip|false",
        "''|false"
      })
  void acceptEncoding(String header, boolean gzip) {
    assertEquals(gzip, ApiAnswers.acceptsGzip(header));
  }
}
