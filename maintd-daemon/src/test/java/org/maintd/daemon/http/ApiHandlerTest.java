package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;

/** The HTTP API's reads, its authentication of changes and its JSON errors, on a real daemon. */
class ApiHandlerTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    Files.writeString(
        tmp.resolve("users"), "# users\nreader secret\nwriter {CLEARTEXT}s3cret write\n");
    cluster.startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private HttpResponse<String> basic(String path, String user, String password) throws Exception {
    String auth =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return cluster.post(
        path, "", HttpRequest.newBuilder().header("Authorization", "Basic " + auth));
  }

  private static String error(HttpResponse<String> r) throws Exception {
    return (String) ((Map<?, ?>) Json.parse(r.body())).get("error");
  }

  @Test
  void readsAreGanetiCompatibleAndOpen() throws Exception {
    assertEquals(List.of(1L), cluster.get("/"));
    assertEquals(List.of(), cluster.get("/1/status"));
    assertEquals(List.of(), cluster.get("/1/jobs"));
    assertEquals(List.of(), cluster.get("/1/evacuated"));
    cluster.awaitTrue(
        "nodes polled",
        () -> "ok".equals(((Map<?, ?>) cluster.node("n2").get("collector")).get("health")));
    Map<String, Object> n2 = cluster.node("n2");
    for (String key :
        List.of(
            "name",
            "group",
            "master",
            "offline",
            "drained",
            "tags",
            "primary_instances",
            "secondary_instances",
            "last_report",
            "mode")) {
      assertTrue(n2.containsKey(key), key);
    }
    assertEquals(List.of("web1", "web2", "db1", "scratch"), n2.get("primary_instances"));
    assertEquals(List.of("app1"), n2.get("secondary_instances"));
    assertEquals("default", n2.get("group"));
    assertEquals("UP", n2.get("mode"));
  }

  @Test
  void changesNeedAuthentication() throws Exception {
    HttpResponse<String> none = cluster.post("/1/pause", "", HttpRequest.newBuilder());
    assertEquals(401, none.statusCode());
    assertEquals("unauthorized", error(none));
    assertTrue(none.headers().firstValue("WWW-Authenticate").isPresent());
    assertEquals(401, basic("/1/pause", "writer", "wrong").statusCode());
    assertEquals(401, basic("/1/pause", "nobody", "x").statusCode());
    HttpResponse<String> reader = basic("/1/pause", "reader", "secret");
    assertEquals(403, reader.statusCode());
    assertEquals("forbidden", error(reader));
    assertEquals(200, basic("/1/pause", "writer", "s3cret").statusCode());
    assertEquals(
        Map.of(
            "paused",
            true,
            "reason",
            "automatic actions stopped by writer (maintctl resume)",
            "storm",
            ""),
        cluster.get("/1/paused"));
    assertEquals(200, cluster.signedPost("/1/resume", "").statusCode());
    assertEquals(Map.of("paused", false, "reason", "", "storm", ""), cluster.get("/1/paused"));
  }

  @Test
  void aSignatureUsedBeforeARestartIsStillRefusedAfterIt() throws Exception {
    TestCluster.Captured pause = TestCluster.Captured.sign(cluster.keyFile, "/1/pause", "");
    java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
    assertEquals(200, pause.sendTo(http, cluster.port()).statusCode());
    cluster.stopDaemon();
    cluster.startDaemon();
    HttpResponse<String> replay = pause.sendTo(http, cluster.port());
    assertEquals(401, replay.statusCode(), replay.body());
    assertTrue(replay.body().contains("(replayed)"), replay.body());
    assertTrue(
        Files.readString(tmp.resolve("state/used-signatures.json"))
            .contains(pause.hmac().toLowerCase(java.util.Locale.ROOT)),
        "kept beside the state");
  }

  @Test
  void refusesForgedStaleAndReplayedSignatures() throws Exception {
    HmacKey key = HmacKey.fromFileContent(Files.readAllBytes(cluster.keyFile));
    SignedMessage good =
        key.sign(RequestSignature.text("POST", "/1/pause", "n1", ""), Instant.now());
    HttpRequest.Builder signed =
        HttpRequest.newBuilder()
            .header(RequestSignature.SALT_HEADER, good.salt())
            .header(RequestSignature.NONCE_HEADER, "n1")
            .header(RequestSignature.HMAC_HEADER, good.hmac());
    assertEquals(200, cluster.post("/1/pause", "", signed).statusCode());
    HttpResponse<String> replay = cluster.post("/1/pause", "", signed);
    assertEquals(401, replay.statusCode());
    assertTrue(replay.body().contains("replayed"), replay.body());
    SignedMessage otherPath =
        key.sign(RequestSignature.text("POST", "/1/pause", "n2", ""), Instant.now());
    HttpResponse<String> moved =
        cluster.post(
            "/1/resume",
            "",
            HttpRequest.newBuilder()
                .header(RequestSignature.SALT_HEADER, otherPath.salt())
                .header(RequestSignature.NONCE_HEADER, "n2")
                .header(RequestSignature.HMAC_HEADER, otherPath.hmac()));
    assertEquals(401, moved.statusCode(), "a signature is bound to its path");
    SignedMessage stale =
        key.sign(
            RequestSignature.text("POST", "/1/pause", "n3", ""), Instant.now().minusSeconds(600));
    HttpResponse<String> old =
        cluster.post(
            "/1/pause",
            "",
            HttpRequest.newBuilder()
                .header(RequestSignature.SALT_HEADER, stale.salt())
                .header(RequestSignature.NONCE_HEADER, "n3")
                .header(RequestSignature.HMAC_HEADER, stale.hmac()));
    assertEquals(401, old.statusCode());
    assertTrue(old.body().contains("stale"), old.body());
  }

  @Test
  void answersErrorsAsJsonWithFittingStatusCodes() throws Exception {
    HttpResponse<String> missing =
        cluster.signedPost("/1/incidents/00000000-0000-0000-0000-000000000000/cancel", "");
    assertEquals(404, missing.statusCode());
    assertEquals("not-found", error(missing));
    HttpResponse<String> badJson = cluster.signedPost("/1/sim/diagnose", "{not json");
    assertEquals(400, badJson.statusCode());
    assertTrue(
        ((Map<?, ?>) Json.parse(badJson.body())).get("message").toString().contains("not JSON"));
    HttpResponse<String> badStatus =
        cluster.signedPost("/1/sim/diagnose", "{\"node\": \"n2\", \"status\": \"explode\"}");
    assertEquals(400, badStatus.statusCode());
    assertTrue(badStatus.body().contains("unknown status 'explode'"), badStatus.body());
    HttpResponse<String> badNode =
        cluster.signedPost("/1/sim/diagnose", "{\"node\": \"n9\", \"status\": \"evacuate\"}");
    assertEquals(400, badNode.statusCode());
    HttpResponse<String> put =
        java.net.http.HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + cluster.port() + "/1/status"))
                    .PUT(HttpRequest.BodyPublishers.noBody())
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(405, put.statusCode());
    assertEquals("method-not-allowed", error(put));
    assertEquals("not-found", ((Map<?, ?>) cluster.get("/1/nothing")).get("error"));
    HttpResponse<String> ackNothing =
        cluster.signedPost("/1/incidents/00000000-0000-0000-0000-000000000000/ack", "");
    assertEquals(404, ackNothing.statusCode());
  }

  @Test
  void aChangeTheStoreCannotKeepIsRefusedSayingSoAndNothingChanges() throws Exception {
    cluster.awaitTicks(1);
    Path state = tmp.resolve("state/state.json");
    Files.move(state, tmp.resolve("state.json.gone"));
    Files.createDirectories(state.resolve("in-the-way"));
    HttpResponse<String> r = cluster.signedPost("/1/pause", "");
    assertEquals(503, r.statusCode(), r.body());
    assertEquals("state-unwritable", error(r));
    assertTrue(
        r.body().contains("nothing was changed: the state cannot be written to " + state),
        r.body());
    assertEquals(false, ((Map<?, ?>) cluster.get("/1/paused")).get("paused"));
  }

  @Test
  void aChangeWhoseSignatureCannotBeRecordedIsRefusedAndNothingChanges() throws Exception {
    cluster.awaitTicks(1);
    Path used = tmp.resolve("state/used-signatures.json");
    Files.createDirectories(used.resolve("in-the-way"));
    HttpResponse<String> r = cluster.signedPost("/1/pause", "");
    assertEquals(503, r.statusCode(), r.body());
    assertEquals("store-error", error(r));
    assertTrue(
        r.body().contains("nothing was changed: the request's signature cannot be recorded"),
        r.body());
    assertEquals(false, ((Map<?, ?>) cluster.get("/1/paused")).get("paused"));
  }

  @Test
  void numbersTooLargeToMeanAnythingAreRefusedNotClamped() throws Exception {
    HttpResponse<String> nodes = cluster.signedPost("/1/campaigns", "{\"max_nodes\": 1e99}");
    assertEquals(400, nodes.statusCode());
    assertTrue(nodes.body().contains("'max_nodes' must be a whole number"), nodes.body());
    HttpResponse<String> negative = cluster.signedPost("/1/campaigns", "{\"max_nodes\": -1}");
    assertEquals(400, negative.statusCode());
    assertTrue(
        negative
            .body()
            .contains(
                "'max_nodes' must be a whole number from 0 (as the plan allows) to 100000, not -1"),
        negative.body());
    HttpResponse<String> soak = cluster.signedPost("/1/campaigns", "{\"soak\": 1e30}");
    assertEquals(400, soak.statusCode());
    assertTrue(soak.body().contains("'soak' must be seconds from 0 to 604800"), soak.body());
    HttpResponse<String> times =
        cluster.signedPost("/1/sim/fail", "{\"op\": \"migrate\", \"times\": 1e30}");
    assertEquals(400, times.statusCode());
    assertTrue(times.body().contains("'times' must be a whole number"), times.body());
    assertEquals(List.of(), cluster.get("/1/campaigns"), "nothing was started");
  }
}
