package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;

/**
 * The schedule's version through the daemon's API and maintctl: {@code GET} answers it as {@code
 * ETag}, a change made from an older one is refused with 412 naming the current one and stores
 * nothing, a change without {@code If-Match} (Mesos' clients) is taken, every change answers the
 * new tag, and the version survives a restart; {@code maintctl schedule remove} takes one machine
 * off.
 */
class ScheduleVersionEndToEndTest {
  @TempDir Path tmp;
  TestCluster cluster;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private MaintctlRun maintctl(String... args) {
    return MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, args);
  }

  private static String window(String... nodes) {
    long ns = Instant.now().plus(Duration.ofDays(2)).getEpochSecond() * 1_000_000_000L;
    StringBuilder ids = new StringBuilder();
    for (String n : nodes) {
      ids.append(ids.isEmpty() ? "" : ", ").append("{\"hostname\": \"").append(n).append("\"}");
    }
    return "{\"windows\": [{\"machine_ids\": ["
        + ids
        + "], \"unavailability\": {\"start\": {\"nanoseconds\": "
        + ns
        + "}}}]}";
  }

  /** A signed change, with {@code If-Match} when {@code ifMatch} is not null. */
  private HttpResponse<String> change(String method, String body, String ifMatch) throws Exception {
    String path = "/1/maintenance/schedule";
    HmacKey key = HmacKey.fromFileContent(Files.readAllBytes(cluster.keyFile));
    String nonce = java.util.UUID.randomUUID().toString();
    SignedMessage s = key.sign(RequestSignature.text(method, path, nonce, body), Instant.now());
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + cluster.port() + path))
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .header(RequestSignature.SALT_HEADER, s.salt())
            .header(RequestSignature.NONCE_HEADER, nonce)
            .header(RequestSignature.HMAC_HEADER, s.hmac());
    if (ifMatch != null) {
      b.header("If-Match", ifMatch);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private String etag() throws Exception {
    return cluster.getRaw("/1/maintenance/schedule").headers().firstValue("ETag").orElseThrow();
  }

  private List<?> machines() throws Exception {
    List<?> windows = (List<?>) ((Map<?, ?>) cluster.get("/1/maintenance/schedule")).get("windows");
    return windows.stream()
        .flatMap(w -> ((List<?>) ((Map<?, ?>) w).get("machine_ids")).stream())
        .map(m -> ((Map<?, ?>) m).get("hostname"))
        .toList();
  }

  private static Map<?, ?> stale(long now, String from) {
    return Map.of(
        "error",
        "precondition-failed",
        "message",
        "the schedule has changed since it was read: it is at version "
            + now
            + " now, the change was made from "
            + from
            + "; read it again (GET /1/maintenance/schedule) and make the change from there");
  }

  @Test
  void aChangeMadeFromAnOlderVersionIsRefusedWith412AndStoresNothing() throws Exception {
    assertEquals("\"0\"", etag());
    HttpResponse<String> first = change("POST", window("n5"), "\"0\"");
    assertEquals(200, first.statusCode(), first.body());
    assertEquals("\"1\"", first.headers().firstValue("ETag").orElseThrow());
    assertEquals("\"1\"", etag());

    HttpResponse<String> late = change("POST", window("n4"), "\"0\"");
    assertEquals(412, late.statusCode(), late.body());
    assertEquals(stale(1, "version 0"), Json.parse(late.body()));
    for (String tag : List.of("\"0\"", "W/\"1\"", "\"one\"", "\"0\", \"7\"")) {
      HttpResponse<String> clear = change("DELETE", "", tag);
      assertEquals(412, clear.statusCode(), tag + ": " + clear.body());
    }
    assertEquals(List.of("n5"), machines(), "nothing stored");
    assertEquals(
        stale(1, "no version of this schedule"),
        Json.parse(change("POST", window("n4"), "W/\"1\"").body()));

    HttpResponse<String> either = change("POST", window("n5", "n4"), "\"0\", \"1\"");
    assertEquals(200, either.statusCode(), either.body());
    HttpResponse<String> mesos = change("POST", window("n4"), null);
    assertEquals(200, mesos.statusCode(), "no If-Match, as Mesos' clients send: " + mesos.body());
    assertEquals("\"3\"", mesos.headers().firstValue("ETag").orElseThrow());
    HttpResponse<String> any = change("POST", window("n3"), "*");
    assertEquals("\"4\"", any.headers().firstValue("ETag").orElseThrow());
    HttpResponse<String> cleared = change("DELETE", "", "\"4\"");
    assertEquals(200, cleared.statusCode(), cleared.body());
    assertEquals("\"5\"", cleared.headers().firstValue("ETag").orElseThrow());

    HttpResponse<String> same =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + cluster.port() + "/1/maintenance/schedule"))
                .header("If-None-Match", "\"5\"")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(304, same.statusCode());

    cluster.stopDaemon();
    cluster.startDaemon();
    assertEquals("\"5\"", etag(), "the version is kept with the state");
  }

  @Test
  void scheduleRemoveTakesOneMachineOffAndRefusesOneThatIsNotOnIt() throws Exception {
    assertEquals(0, maintctl("schedule", "add", "n5", "n4", "--start", "+2d").code());
    assertEquals(0, maintctl("schedule", "add", "n3", "--start", "+3d").code());
    MaintctlRun removed = maintctl("schedule", "remove", "N5");
    assertEquals(0, removed.code(), removed.err());
    assertEquals("schedule set: 2 window(s), 2 machine(s)\n", removed.out());
    assertEquals(List.of("n4", "n3"), machines());
    assertEquals(0, maintctl("schedule", "remove", "n3").code());
    assertEquals(List.of("n4"), machines(), "a window left empty goes");
    MaintctlRun missing = maintctl("schedule", "remove", "n9");
    assertEquals(1, missing.code());
    assertEquals(
        "maintctl: n9: not in the schedule (maintctl schedule show)\n", missing.err(), "nothing");
    assertTrue(etag().equals("\"4\""), etag());
  }
}
