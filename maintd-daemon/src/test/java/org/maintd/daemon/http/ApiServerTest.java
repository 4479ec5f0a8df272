package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.runner.CommandRefused;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PartHealth;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.round.Answers;
import org.maintd.round.Command;
import org.maintd.round.Refusal;
import org.maintd.spi.MaintdState;

/**
 * The API server alone, on port 0, over a view and commands of the test's: what it reads is the
 * published view, what it applies goes to the commands, and their refusals and failures come back
 * as the API's JSON errors; a failed daemon answers {@code /1/health} with 503.
 */
class ApiServerTest {
  private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
  private static final HmacKey KEY =
      new HmacKey("the cluster key".getBytes(StandardCharsets.UTF_8));

  @TempDir Path tmp;

  private final HttpClient http = HttpClient.newHttpClient();
  private final List<Command> applied = new ArrayList<>();
  private final AtomicReference<RuntimeException> failWith = new AtomicReference<>();
  private final AtomicReference<String> healthState = new AtomicReference<>("RUNNING");
  private Server server;
  private Incident incident;

  @BeforeEach
  void start() throws Exception {
    incident =
        Incident.noted(
            new UUID(1, 2),
            "n2",
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")),
            NOW);
    MaintdState state = MaintdState.initial(NOW).withIncidents(List.of(incident));
    DaemonView view = TestApiServer.view(state);
    Commands commands =
        TestApiServer.answering(
            command -> {
              if (failWith.get() != null) {
                throw failWith.get();
              }
              applied.add(command);
              return new Answers.Paused(
                  true, "automatic actions stopped by cluster-key (maintctl resume)");
            });
    server =
        TestApiServer.start(
            new ApiRoutes.Sources(
                () -> view,
                commands,
                () ->
                    new HealthView(
                        healthState.get(),
                        true,
                        "",
                        "n1",
                        null,
                        "",
                        List.of(
                            new PartHealth(
                                "runner",
                                healthState.get(),
                                0.0,
                                healthState.get().equals("FAILED") ? "a bug" : "",
                                "")),
                        List.of(),
                        List.of()),
                () -> "maintd_rounds_total 0.0\n",
                memory -> Optional.empty()),
            KEY,
            tmp.resolve("users"),
            new ApiServer.Limits(Duration.ofSeconds(10), 65536));
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  private int port() {
    return ((org.eclipse.jetty.server.ServerConnector) server.getConnectors()[0]).getLocalPort();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> signedPost(String path) throws Exception {
    String nonce = UUID.randomUUID().toString();
    SignedMessage s = KEY.sign(RequestSignature.text("POST", path, nonce, ""), Instant.now());
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path))
            .header(RequestSignature.SALT_HEADER, s.salt())
            .header(RequestSignature.NONCE_HEADER, nonce)
            .header(RequestSignature.HMAC_HEADER, s.hmac())
            .POST(HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void readsThePublishedView() throws Exception {
    List<?> status = (List<?>) Json.parse(get("/1/status").body());
    assertEquals(1, status.size());
    assertEquals(incident.uuid().toString(), ((Map<?, ?>) status.get(0)).get("uuid"));
    assertTrue(get("/1/nodes").body().contains("\"n2\""));
    assertEquals("maintd_rounds_total 0.0\n", get("/metrics").body());
  }

  @Test
  void appliesChangesThroughTheCommandsAndAnswersWithTheirAnswer() throws Exception {
    HttpResponse<String> paused = signedPost("/1/pause");
    assertEquals(200, paused.statusCode(), paused.body());
    assertEquals(true, ((Map<?, ?>) Json.parse(paused.body())).get("paused"));
    assertEquals(1, applied.size());
    assertInstanceOf(Command.Pause.class, applied.get(0));
    assertEquals(
        401,
        http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + "/1/pause"))
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .statusCode());
    assertEquals(1, applied.size(), "an unsigned change reaches nothing");
  }

  @Test
  void refusalsAndABusyRunnerAreTheApisErrors() throws Exception {
    failWith.set(
        new CommandRefused(
            Refusal.CONFLICT,
            "incident is failed; only noted or pending incidents can be canceled"));
    HttpResponse<String> conflict = signedPost("/1/incidents/" + incident.uuid() + "/cancel");
    assertEquals(409, conflict.statusCode(), conflict.body());
    assertTrue(conflict.body().contains("only noted or pending"), conflict.body());
    failWith.set(
        new Commands.Busy("the daemon is busy with a round; nothing was changed, try again"));
    HttpResponse<String> busy = signedPost("/1/pause");
    assertEquals(503, busy.statusCode(), busy.body());
    assertEquals("busy", ((Map<?, ?>) Json.parse(busy.body())).get("error"));
  }

  @Test
  void aBugIsA500ThatNamesTheRequestAndNoJavaType() throws Exception {
    failWith.set(new IllegalStateException("a bug in a step"));
    HttpResponse<String> bug = signedPost("/1/pause");
    assertEquals(500, bug.statusCode(), bug.body());
    Map<?, ?> body = (Map<?, ?>) Json.parse(bug.body());
    assertEquals("internal-error", body.get("error"));
    assertEquals(
        "internal error while serving POST /1/pause (the daemon's log has the details)",
        body.get("message"));
  }

  @Test
  void aFailedDaemonAnswersItsHealthWith503() throws Exception {
    assertEquals(200, get("/1/health").statusCode());
    healthState.set("FAILED");
    HttpResponse<String> failed = get("/1/health");
    assertEquals(503, failed.statusCode());
    assertTrue(failed.body().contains("a bug"), failed.body());
  }
}
