package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
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

/** {@code POST /1/machines/up}: putting back a node that maintd took out, over real HTTP. */
class MachineUpEndToEndTest {
  private static final String N2 = "[{\"hostname\": \"n2\"}]";

  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private Map<String, Object> evacuated() throws Exception {
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    return cluster.awaitIncident("n2 evacuated", on("n2", "completed"));
  }

  @Test
  void anEvacuatedNodeGoesBackOnceItsIncidentIsAcknowledgedAndItReportsOk() throws Exception {
    String uuid = (String) evacuated().get("uuid");
    HttpResponse<String> early = cluster.signedPost("/1/machines/up", N2);
    assertEquals(409, early.statusCode(), early.body());
    assertTrue(
        early.body().contains("acknowledge it first (maintctl ack " + uuid + ")"), early.body());
    assertTrue(early.body().contains("n2 still reports evacuate"), early.body());
    assertTrue(early.body().contains("--force puts it back anyway"), early.body());

    cluster.report("n2", "{\"status\": \"Ok\"}");
    assertEquals(200, cluster.signedPost("/1/incidents/" + uuid + "/ack", "{}").statusCode());
    cluster.awaitTrue("the incident is forgotten", () -> cluster.incidents().isEmpty());
    HttpResponse<String> up =
        cluster.signedPost("/1/machines/up", "[{\"hostname\": \"N2\", \"ip\": \"10.0.0.2\"}]");
    assertEquals(200, up.statusCode(), up.body());
    Map<?, ?> answer = (Map<?, ?>) ((List<?>) Json.parse(up.body())).get(0);
    assertEquals("n2", answer.get("hostname"));
    cluster.awaitTrue("n2 is back in service", () -> cluster.node("n2").get("mode").equals("UP"));
    assertEquals(null, cluster.node("n2").get("taken_out"));
    Map<String, Object> job =
        cluster.simJobs().stream()
            .filter(j -> j.get("id").equals(answer.get("job")))
            .findFirst()
            .orElseThrow();
    assertTrue(
        job.get("reason").toString().contains("machine n2 up: put back in service by cluster-key"),
        job.toString());
    HttpResponse<String> again = cluster.signedPost("/1/machines/up", N2);
    assertEquals(409, again.statusCode());
    assertTrue(again.body().contains("n2 is already in service"), again.body());
  }

  @Test
  void forcePutsBackADrainedNodeWhoseEvacuationFailedAndTheQueryIsSigned() throws Exception {
    assertEquals(
        200,
        cluster
            .signedPost("/1/sim/fail", "{\"op\": \"migrate\", \"instance\": \"web1\"}")
            .statusCode());
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    cluster.awaitIncident("the evacuation fails", on("n2", "failed"));
    assertEquals("DRAIN", cluster.node("n2").get("mode"));
    assertTrue(
        cluster.node("n2").get("taken_out").toString().contains("drain n2"),
        cluster.node("n2").toString());
    assertEquals(409, cluster.signedPost("/1/machines/up", N2).statusCode());

    HmacKey key = HmacKey.fromFileContent(java.nio.file.Files.readAllBytes(cluster.keyFile));
    SignedMessage withoutForce =
        key.sign(RequestSignature.text("POST", "/1/machines/up", "n1", N2), Instant.now());
    HttpResponse<String> tampered =
        cluster.post(
            "/1/machines/up?force=1",
            N2,
            HttpRequest.newBuilder()
                .header(RequestSignature.SALT_HEADER, withoutForce.salt())
                .header(RequestSignature.NONCE_HEADER, "n1")
                .header(RequestSignature.HMAC_HEADER, withoutForce.hmac()));
    assertEquals(401, tampered.statusCode(), "the signature covers the query: " + tampered.body());

    HttpResponse<String> forced = cluster.signedPost("/1/machines/up?force=1", N2);
    assertEquals(200, forced.statusCode(), forced.body());
    cluster.awaitTrue("n2 is back in service", () -> cluster.node("n2").get("mode").equals("UP"));
  }

  @Test
  void badRequestsAreRefusedNamingWhatIsWrongAndNothingIsDone() throws Exception {
    Map<String, String> bad =
        Map.of(
            "{}", "the body is a list of machine ids",
            "[]", "non-empty JSON list of machine ids",
            "[\"n2\"]",
                "'[0]' must be an object with the fields hostname, ip, not the string \\\"n2\\\"",
            "[{\"hostname\": 3}]", "'[0].hostname' must be a string, not the number 3",
            "[{\"hostname\": \"\"}]", "machine 0: 'hostname' must be a non-empty string",
            "[{\"hostname\": \"n2\", \"rack\": \"r1\"}]",
                "unknown field 'rack' in '[0]'; known: [hostname, ip]",
            "[{\"hostname\": \"n2\", \"ip\": 7}]", "'[0].ip' must be a string",
            "not json", "request body is not JSON");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      HttpResponse<String> r = cluster.signedPost("/1/machines/up", e.getKey());
      assertEquals(400, r.statusCode(), e.getKey() + ": " + r.body());
      assertTrue(r.body().contains(e.getValue()), e.getKey() + ": " + r.body());
    }
    HttpResponse<String> unknown =
        cluster.signedPost("/1/machines/up", "[{\"hostname\": \"n2\"}, {\"hostname\": \"n9\"}]");
    assertEquals(404, unknown.statusCode());
    assertTrue(unknown.body().contains("no node n9 in the cluster"), unknown.body());
    assertEquals(400, cluster.signedPost("/1/machines/up?force=maybe", N2).statusCode());
    assertEquals(401, cluster.post("/1/machines/up", N2, HttpRequest.newBuilder()).statusCode());
    assertTrue(cluster.simJobs().isEmpty(), "nothing was submitted");
  }
}
