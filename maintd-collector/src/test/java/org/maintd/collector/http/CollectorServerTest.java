package org.maintd.collector.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.app.Collector;
import org.maintd.collector.config.CollectorConfig;
import org.maintd.collector.exec.Scripts;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;

/** A real collector on an ephemeral port, real scripts, a real HTTP client. */
class CollectorServerTest {
  private static final byte[] SECRET = "test-cluster-key".getBytes(StandardCharsets.UTF_8);

  @TempDir Path tmp;

  private Collector collector;
  private final HttpClient http = HttpClient.newHttpClient();
  private final HmacKey key = new HmacKey(SECRET);
  private Path counter;

  @BeforeEach
  void start() throws Exception {
    Path diag = Scripts.directory(tmp, "diagnose");
    Path repair = Scripts.directory(tmp, "repair");
    Scripts.script(
        diag, "diag", "echo '{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}}'");
    counter = tmp.resolve("runs");
    Scripts.script(
        repair,
        "fix",
        "cat > " + tmp.resolve("stdin") + "; echo run >> " + counter + "; echo fixed");
    Scripts.script(repair, "broken", "echo nope; exit 4");
    Path keyFile = tmp.resolve("hmac.key");
    Files.write(keyFile, SECRET);
    Files.setPosixFilePermissions(
        keyFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    Files.writeString(tmp.resolve("master"), "node1\n");
    CollectorConfig config =
        new CollectorConfig(
            "node3",
            "127.0.0.1",
            0,
            null,
            keyFile,
            true,
            "diag",
            diag,
            Duration.ofSeconds(5),
            repair,
            Duration.ofSeconds(5),
            tmp.resolve("results"),
            65536,
            tmp.resolve("master"),
            Duration.ofSeconds(300),
            tmp.resolve("boot_id"),
            CollectorConfig.DEFAULT_MAX_REQUEST_BODY,
            CollectorConfig.DEFAULT_IDLE_TIMEOUT,
            "",
            new CollectorConfig.LoadSettings(
                tmp.resolve("stat"),
                Duration.ofSeconds(5),
                150,
                100,
                tmp.resolve("load"),
                4,
                tmp.resolve("pids"),
                tmp.resolve("proc")));
    Files.writeString(tmp.resolve("boot_id"), "0b1f6c2e-5d4a-4c1b-9a57-3f0e8d2c7b11\n");
    collector = new Collector(config, Clock.systemUTC());
    collector.start();
  }

  @AfterEach
  void stop() throws Exception {
    collector.close();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(url(path)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(url(path)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private URI url(String path) {
    return URI.create("http://127.0.0.1:" + collector.port() + path);
  }

  @Test
  void servesTheSignedMondShapedDiagnoseReport() throws Exception {
    HttpResponse<String> r = get("/1/report/node/diagnose");
    assertEquals(200, r.statusCode());
    String msg =
        new SignatureVerifier(key, Duration.ofSeconds(300))
            .verify("node3", SignedJson.read(r.body()), Instant.now());
    Map<?, ?> report = (Map<?, ?>) Json.parse(msg);
    assertEquals("diagnose", report.get("name"));
    assertEquals("B", report.get("version"));
    assertEquals(1L, report.get("format_version"));
    assertEquals(1L, report.get("kind"));
    assertEquals("node", report.get("category"));
    long nanos = ((Number) report.get("timestamp")).longValue();
    assertTrue(
        Math.abs(nanos / 1_000_000_000L - Instant.now().getEpochSecond()) < 60,
        "timestamp in nanoseconds");
    assertEquals(
        Map.of("status", "evacuate", "details", Map.of("disk", "sdb")), report.get("data"));
    assertEquals(
        "0b1f6c2e-5d4a-4c1b-9a57-3f0e8d2c7b11",
        report.get("boot_id"),
        "the node's boot id, stripped");
  }

  @Test
  void servesTheSignedMondShapedLoadReports() throws Exception {
    Files.writeString(tmp.resolve("load"), "1.5\n");
    Files.createDirectories(tmp.resolve("pids"));
    Files.writeString(tmp.resolve("pids/web1"), "4242\n");
    Files.writeString(tmp.resolve("pids/gone"), "4343\n");
    Files.createDirectories(tmp.resolve("proc/4242"));
    Files.writeString(tmp.resolve("proc/4242/statm"), "74110 5120 1024 1 0 2048 0\n");
    for (String path : List.of("/1/report/default/cpu-avg-load", "/1/report/cpu-avg-load")) {
      Map<?, ?> cpu = signedReport(path);
      assertEquals("cpu-avg-load", cpu.get("name"));
      assertTrue(cpu.containsKey("category") && cpu.get("category") == null, "category: null");
      assertEquals(0L, cpu.get("kind"));
      assertEquals(
          Map.of("cpu_number", 4L, "cpus", List.of(0.375, 0.375, 0.375, 0.375), "cpu_total", 1.5),
          cpu.get("data"));
    }
    Map<?, ?> rss = signedReport("/1/report/default/kvm-inst-rss");
    assertEquals("kvm-inst-rss", rss.get("name"));
    assertEquals(Map.of("web1", 5120L), rss.get("data"), "resident pages of running instances");
  }

  private Map<?, ?> signedReport(String path) throws Exception {
    HttpResponse<String> r = get(path);
    assertEquals(200, r.statusCode(), r.body());
    Map<?, ?> report =
        (Map<?, ?>)
            Json.parse(
                new SignatureVerifier(key, Duration.ofSeconds(300))
                    .verify("node3", SignedJson.read(r.body()), Instant.now()));
    assertEquals("node3", report.get("node"));
    assertEquals("B", report.get("version"));
    assertEquals(1L, report.get("format_version"));
    return report;
  }

  @Test
  void answersMondPathsAndRefusesTheRest() throws Exception {
    assertEquals("[1]", get("/").body().strip());
    assertEquals(
        "[[\"diagnose\",\"node\",1],[\"cpu-avg-load\",\"default\",0],"
            + "[\"kvm-inst-rss\",\"default\",0]]",
        get("/1/list/collectors").body().strip());
    assertEquals(1, ((List<?>) Json.parse(get("/1/report/all").body())).size());
    assertEquals(404, get("/1/report/node/cpu").statusCode());
    assertEquals(405, post("/1/report/all", "").statusCode());
    assertEquals(405, get("/1/repair").statusCode());
    Map<?, ?> error = (Map<?, ?>) Json.parse(get("/nope").body());
    assertEquals("not-found", error.get("error"));
  }

  @Test
  void saysWhichNodeItBelievesIsTheMaster() throws Exception {
    String msg =
        new SignatureVerifier(key, Duration.ofSeconds(300))
            .verifyFresh(SignedJson.read(get("/1/master").body()), Instant.now());
    assertEquals(Map.of("node", "node3", "master", "node1"), Json.parse(msg));
  }

  private String repairRequest(UUID incident, String command, Instant at, HmacKey with) {
    Map<String, Object> req =
        Map.of(
            "incident",
            incident.toString(),
            "node",
            "node3",
            "command",
            command,
            "original",
            Map.of("status", "live-repair", "command", command));
    return SignedJson.write(with.sign(Json.write(req), at));
  }

  @Test
  void runsARepairOncePerIncidentWithTheDiagnoseObjectOnStdin() throws Exception {
    UUID id = UUID.randomUUID();
    HttpResponse<String> first = post("/1/repair", repairRequest(id, "fix", Instant.now(), key));
    assertEquals(200, first.statusCode(), first.body());
    Map<?, ?> result =
        (Map<?, ?>)
            Json.parse(
                new SignatureVerifier(key, Duration.ofSeconds(300))
                    .verifyFresh(SignedJson.read(first.body()), Instant.now()));
    assertEquals(0L, result.get("exit_code"));
    assertEquals("fixed\n", result.get("output"));
    assertEquals(
        Map.of("status", "live-repair", "command", "fix"),
        Json.parse(Files.readString(tmp.resolve("stdin"))));
    HttpResponse<String> again =
        post("/1/repair", repairRequest(id, "fix", Instant.now().plusSeconds(1), key));
    Map<?, ?> replay = (Map<?, ?>) Json.parse(SignedJson.read(again.body()).msg());
    assertEquals(true, replay.get("replayed"));
    assertEquals(0L, replay.get("exit_code"));
    assertEquals(List.of("run"), Files.readAllLines(counter), "the command ran exactly once");
  }

  @Test
  void reportsAFailingRepairWithItsExitCode() throws Exception {
    HttpResponse<String> r =
        post("/1/repair", repairRequest(UUID.randomUUID(), "broken", Instant.now(), key));
    Map<?, ?> result = (Map<?, ?>) Json.parse(SignedJson.read(r.body()).msg());
    assertEquals(4L, result.get("exit_code"));
  }

  @Test
  void refusesUnsignedForgedStaleAndReplayedRepairRequests() throws Exception {
    UUID id = UUID.randomUUID();
    Map<String, Object> bare =
        Map.of("incident", id.toString(), "node", "node3", "command", "fix", "original", Map.of());
    assertRefused(post("/1/repair", Json.write(bare)), "signature-missing-field");
    assertRefused(
        post(
            "/1/repair",
            repairRequest(
                id, "fix", Instant.now(), new HmacKey("other".getBytes(StandardCharsets.UTF_8)))),
        "signature-bad-signature");
    assertRefused(
        post("/1/repair", repairRequest(id, "fix", Instant.now().minusSeconds(400), key)),
        "signature-stale");
    String newer = repairRequest(UUID.randomUUID(), "broken", Instant.now().plusSeconds(5), key);
    assertEquals(200, post("/1/repair", newer).statusCode());
    assertRefused(
        post("/1/repair", repairRequest(id, "fix", Instant.now().minusSeconds(5), key)),
        "signature-replayed");
    assertTrue(Files.notExists(counter), "no refused request ran the command");
  }

  @Test
  void refusesARequestForAnotherNodeOrWithoutAUuid() throws Exception {
    Map<String, Object> other =
        Map.of(
            "incident",
            UUID.randomUUID().toString(),
            "node",
            "node4",
            "command",
            "fix",
            "original",
            Map.of());
    HttpResponse<String> r =
        post("/1/repair", SignedJson.write(key.sign(Json.write(other), Instant.now())));
    assertEquals(421, r.statusCode());
    assertEquals("wrong-node", ((Map<?, ?>) Json.parse(r.body())).get("error"));
    assertTrue(r.body().contains("the request is for node node4, this is node3"), r.body());
    Map<String, Object> noUuid =
        Map.of(
            "incident",
            "../../etc/passwd",
            "node",
            "node3",
            "command",
            "fix",
            "original",
            Map.of());
    r = post("/1/repair", SignedJson.write(key.sign(Json.write(noUuid), Instant.now())));
    assertEquals(400, r.statusCode());
    assertTrue(r.body().contains("'incident' must be a UUID"), r.body());
  }

  @Test
  void reportsAreServedWhileMoreSlowWritersThanThreadsHangInTheirRepairRequests() throws Exception {
    Duration bound =
        Duration.ofSeconds(
            (long) (10 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));
    List<java.net.Socket> writers = new java.util.ArrayList<>();
    try {
      for (int i = 0; i < 250; i++) {
        java.net.Socket s = new java.net.Socket("127.0.0.1", collector.port());
        s.getOutputStream()
            .write(
                ("POST /1/repair HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{\"msg\":")
                    .getBytes(StandardCharsets.US_ASCII));
        writers.add(s);
      }
      var report =
          http.sendAsync(
              HttpRequest.newBuilder(url("/1/report/node/diagnose")).build(),
              HttpResponse.BodyHandlers.ofString());
      org.awaitility.Awaitility.await("the report while 250 slow writers hang")
          .atMost(bound)
          .until(report::isDone);
      assertEquals(200, report.join().statusCode(), report.join().body());
      org.awaitility.Awaitility.await("the slow writers beyond those read at once refused")
          .atMost(bound)
          .until(
              () ->
                  writers.stream().filter(w -> available(w) > 0).count()
                      == 250 - CollectorHandler.PENDING_BODIES);
    } finally {
      for (java.net.Socket s : writers) {
        s.close();
      }
    }
  }

  private static int available(java.net.Socket s) {
    try {
      return s.getInputStream().available();
    } catch (java.io.IOException e) {
      return 0;
    }
  }

  private static void assertRefused(HttpResponse<String> r, String code) throws Exception {
    assertEquals(401, r.statusCode(), r.body());
    assertEquals(code, ((Map<?, ?>) Json.parse(r.body())).get("error"));
  }
}
