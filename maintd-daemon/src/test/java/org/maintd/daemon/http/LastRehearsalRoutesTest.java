package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.backend.sim.rehearse.Rehearsals;
import org.maintd.daemon.backend.sim.rehearse.TestRehearsals;
import org.maintd.daemon.ui.UiRoutes;
import org.maintd.health.HealthSettings;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.spi.MaintdState;

/**
 * {@code GET /1/rehearsals/last} and the page's "Last rehearsal" on the API's real server (port 0),
 * with rehearsals played by the daemon's own player on a view of the test cluster: before any
 * rehearsal the read is a 404 with the API's error and the page says how to play one; after a
 * {@code POST /1/rehearsals} the read answers what the post answered (304 while it is the same) and
 * the page draws its jobs; a later rehearsal takes its place, a refused one does not. Costs about a
 * second (three plays).
 */
class LastRehearsalRoutesTest {
  private static final Instant NOW = Instant.parse("2027-03-01T10:00:00Z");
  private static final HealthView LEADER =
      new HealthView("RUNNING", true, "", "n1", null, "", List.of(), List.of(), List.of());

  @TempDir Path tmp;
  private final HttpClient http = HttpClient.newHttpClient();
  private Server server;

  @BeforeEach
  void start() throws Exception {
    Path users = tmp.resolve("users");
    Files.writeString(users, "ops secret write\n");
    var view = TestApiServer.view(MaintdState.initial(NOW));
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    Rehearsals rehearsals = TestRehearsals.on(clock, view);
    LastRehearsal last = new LastRehearsal();
    server =
        TestApiServer.start(
            new ApiRoutes.Sources(
                () -> view,
                TestApiServer.answering(
                    c -> {
                      throw new IllegalStateException("a rehearsal sends no command: " + c);
                    }),
                () -> LEADER,
                () -> "",
                memory -> Optional.empty()),
            List.of(
                new RehearsalRoutes(() -> view, () -> {}, rehearsals::rehearse, last, clock),
                new UiRoutes(() -> view, () -> LEADER, HealthSettings.on(), clock, last)),
            new HmacKey("k".getBytes(StandardCharsets.UTF_8)),
            users,
            new ApiServer.Limits(Duration.ofSeconds(10), 65536));
  }

  @Test
  void beforeAnyRehearsalTheLastIsNotFoundAndThePageSaysHowToPlayOne() throws Exception {
    HttpResponse<String> none = get("/1/rehearsals/last");
    assertEquals(404, none.statusCode());
    assertEquals(
        Map.of(
            "error", "not-found",
            "message", "no rehearsal has been played since the daemon started"),
        Json.parse(none.body()));
    String page = get("/ui").body();
    assertTrue(
        page.contains(
            "<section id=\"rehearsal\">\n<h2>Last rehearsal</h2>\n<div data-part=\"rehearsal\">\n\n"
                + "<p class=\"empty\" id=\"no-rehearsal\">No rehearsal has been played since the"
                + " daemon started. <code>maintctl rehearse --drain NODE</code> plays one"),
        page);
  }

  @Test
  void theLastIsWhatThePostAnsweredAndThePageDrawsItsJobs() throws Exception {
    String before = get("/ui").headers().firstValue("ETag").orElseThrow();
    HttpResponse<String> posted = post("{\"action\": \"drain\", \"node\": \"n5\"}");
    assertEquals(200, posted.statusCode(), posted.body());

    HttpResponse<String> last = get("/1/rehearsals/last");
    assertEquals(200, last.statusCode(), last.body());
    assertEquals(Json.parse(posted.body()), Json.parse(last.body()));
    String etag = last.headers().firstValue("ETag").orElseThrow();
    assertEquals(304, get("/1/rehearsals/last", "If-None-Match", etag).statusCode());

    HttpResponse<String> page = get("/ui", "If-None-Match", before);
    assertEquals(200, page.statusCode(), "the same view, a new rehearsal: a new page");
    List<?> jobs = jobs(Json.parse(posted.body()));
    assertFalse(jobs.isEmpty(), posted.body());
    for (Object job : jobs) {
      String id = (String) ((Map<?, ?>) job).get("id");
      assertTrue(page.body().contains("id=\"rehearsed-job-" + id + "\""), id + ": " + page.body());
    }
    assertTrue(page.body().contains("drain n5: "), page.body());
    assertTrue(page.body().contains("data-kind=\"done\""), page.body());
    assertTrue(page.body().contains("2027-03-01 10:00:00Z by ops"), page.body());
  }

  @Test
  void aLaterRehearsalTakesThePlaceOfTheLastAndARefusedOneDoesNot() throws Exception {
    assertEquals(200, post("{\"action\": \"drain\", \"node\": \"n5\"}").statusCode());
    HttpResponse<String> second = post("{\"action\": \"drain\", \"node\": \"n4\"}");
    assertEquals(200, second.statusCode(), second.body());
    HttpResponse<String> refused = post("{\"action\": \"drain\", \"node\": \"n9\"}");
    assertEquals(404, refused.statusCode(), refused.body());
    Map<?, ?> last = (Map<?, ?>) Json.parse(get("/1/rehearsals/last").body());
    assertTrue(((String) last.get("act")).startsWith("drain n4: "), last.toString());
    assertEquals(Json.parse(second.body()), last);
  }

  private static List<?> jobs(Object answer) {
    return ((List<?>) ((Map<?, ?>) answer).get("rounds"))
        .stream().flatMap(r -> ((List<?>) ((Map<?, ?>) r).get("jobs")).stream()).toList();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  private HttpResponse<String> post(String body) throws Exception {
    String auth = Base64.getEncoder().encodeToString("ops:secret".getBytes(StandardCharsets.UTF_8));
    return http.send(
        HttpRequest.newBuilder(uri("/1/rehearsals"))
            .header("Authorization", "Basic " + auth)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private URI uri(String path) {
    int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    return URI.create("http://127.0.0.1:" + port + path);
  }
}
