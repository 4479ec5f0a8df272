package org.maintd.daemon.http;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.bench.SlowWriters;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.RawHttp;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.http.Servers;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.round.Answers;
import org.maintd.spi.MaintdState;

/**
 * The API's server with its real routes on port 0, against clients that send the headers of a
 * change with a signature that is well formed but wrong, and then a body that never arrives: more
 * of them than the server has threads. The reads answer all the while; the bodies beyond those read
 * at once are refused with 503 at once, the others with 408 at their deadline, and once the slow
 * writers are gone a change goes through again. Bounds are stretched by {@code
 * maintd.test.timeScale}.
 */
class SlowWritersTest {
  private static final Duration BOUND =
      Duration.ofSeconds(
          (long) (10 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));
  private static final String KEY = "the cluster key";
  private static final int AT_ONCE = 64;
  private static final int WRITERS = 250;

  @TempDir Path tmp;

  private final HttpClient http = HttpClient.newHttpClient();
  private final List<Socket> writers = new ArrayList<>();
  private final java.util.concurrent.atomic.AtomicInteger applied =
      new java.util.concurrent.atomic.AtomicInteger();
  private final CapturedLog log = new CapturedLog();
  private Server server;
  private Path keyFile;

  private int start(Duration bodyDeadline) throws Exception {
    keyFile = java.nio.file.Files.writeString(tmp.resolve("hmac.key"), KEY);
    DaemonView view = TestApiServer.view(MaintdState.initial(Instant.now()));
    HealthView health =
        new HealthView("RUNNING", true, "", "n1", null, "", List.of(), List.of(), List.of());
    server =
        TestApiServer.start(
            new ApiRoutes.Sources(
                () -> view,
                TestApiServer.answering(
                    command -> {
                      applied.incrementAndGet();
                      return new Answers.Paused(true, "paused by cluster-key");
                    }),
                () -> health,
                () -> "",
                memory -> Optional.empty()),
            new HmacKey(KEY.getBytes(StandardCharsets.UTF_8)),
            tmp.resolve("users"),
            new ApiServer.Limits(Duration.ofSeconds(120), 65536, bodyDeadline, AT_ONCE));
    return Servers.port(server);
  }

  @AfterEach
  void stop() throws Exception {
    log.close();
    for (Socket s : writers) {
      s.close();
    }
    server.stop();
  }

  private CompletableFuture<HttpResponse<String>> get(int port, String path) {
    return http.sendAsync(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** How many slow writers have been answered so far (without waiting for those that have not). */
  private long answered() throws IOException {
    long n = 0;
    for (Socket s : writers) {
      n += s.getInputStream().available() > 0 ? 1 : 0;
    }
    return n;
  }

  @Test
  void readsAnswerWhileMoreSlowWritersThanThreadsHangInTheirBodies() throws Exception {
    int port = start(Duration.ofSeconds(120));
    for (int i = 0; i < WRITERS; i++) {
      writers.add(SlowWriters.slowWriter(port));
    }
    CompletableFuture<HttpResponse<String>> health = get(port, "/1/health");
    CompletableFuture<HttpResponse<String>> nodes = get(port, "/1/nodes");
    await("the reads while " + WRITERS + " slow writers hang")
        .atMost(BOUND)
        .until(() -> health.isDone() && nodes.isDone());
    assertEquals(200, health.join().statusCode(), health.join().body());
    assertEquals(200, nodes.join().statusCode());
    assertTrue(nodes.join().body().contains("\"n5\""), nodes.join().body());

    await("the slow writers beyond " + AT_ONCE + " refused")
        .atMost(BOUND)
        .until(() -> answered() == WRITERS - AT_ONCE);
    Socket refused = writers.stream().filter(s -> available(s) > 0).findFirst().orElseThrow();
    RawHttp.Answer busy = RawHttp.answerOf(refused);
    assertEquals(503, busy.status(), busy.body());
    assertEquals("close", busy.header("Connection"));
    assertEquals(
        Map.of(
            "error",
            "busy",
            "message",
            "too many requests are sending their bodies at once (64 before they are"
                + " authenticated): try again in a moment"),
        Json.parse(busy.body()));

    assertEquals(0, applied.get(), "no change was applied");
    for (Socket s : writers) {
      s.close();
    }
    assertTrue(log.messages().isEmpty(), "nothing logged: " + log.messages());
    await("a change once the slow writers are gone")
        .atMost(BOUND)
        .until(() -> signedPause(port).statusCode() == 200);
  }

  @Test
  void aBodyThatDoesNotArriveWithinItsDeadlineIsRefusedWith408() throws Exception {
    int port = start(Duration.ofMillis(500));
    writers.add(SlowWriters.slowWriter(port));
    await("the slow writer refused at its deadline").atMost(BOUND).until(() -> answered() == 1);
    RawHttp.Answer late = RawHttp.answerOf(writers.get(0));
    assertEquals(408, late.status(), late.body());
    assertEquals(
        Map.of(
            "error", "request-timeout", "message", "the request body did not arrive within 500 ms"),
        Json.parse(late.body()));
    assertEquals(0, applied.get(), "no change was applied");
    assertTrue(log.messages().isEmpty(), "nothing logged: " + log.messages());
    assertEquals(200, signedPause(port).statusCode(), "its place is free again");
  }

  private static int available(Socket s) {
    try {
      return s.getInputStream().available();
    } catch (IOException e) {
      return 0;
    }
  }

  private HttpResponse<String> signedPause(int port) throws Exception {
    return TestCluster.signedPost(http, keyFile, port, "/1/pause", "");
  }
}
