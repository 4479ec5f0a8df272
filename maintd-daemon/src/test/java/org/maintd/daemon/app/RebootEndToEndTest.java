package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Reboot requests over real HTTP against the simulated cluster: a one-shot soft reboot; a node held
 * off by two keys, released in turn, its hold surviving a restart of the daemon; refusals naming
 * their rule; unauthenticated and forged requests refused.
 */
class RebootEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> reboots(String node) throws Exception {
    return (Map<String, Object>) cluster.get("/1/nodes/" + node + "/reboot");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> request(String node, int i) throws Exception {
    return ((List<Map<String, Object>>) reboots(node).get("requests")).get(i);
  }

  private HttpResponse<String> release(String node, String key) throws Exception {
    String path = "/1/nodes/" + node + "/reboot/" + key;
    HmacKey k = HmacKey.fromFileContent(Files.readAllBytes(cluster.keyFile));
    String nonce = java.util.UUID.randomUUID().toString();
    SignedMessage s = k.sign(RequestSignature.text("DELETE", path, nonce, ""), Instant.now());
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + cluster.port() + path))
            .header(RequestSignature.SALT_HEADER, s.salt())
            .header(RequestSignature.NONCE_HEADER, nonce)
            .header(RequestSignature.HMAC_HEADER, s.hmac())
            .DELETE()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aOneShotSoftRebootIsDoneOnceTheNodePoweredOnAfterIt() throws Exception {
    HttpResponse<String> r =
        cluster.signedPost("/1/nodes/n5/reboot", "{\"reason\": \"kernel update\"}");
    assertEquals(200, r.statusCode(), r.body());
    Map<?, ?> accepted = (Map<?, ?>) Json.parse(r.body());
    assertEquals("pending", accepted.get("status"));
    assertEquals(null, accepted.get("key"));
    cluster.awaitTrue("n5 rebooted", () -> request("n5", 0).get("status").equals("done"));
    Map<String, Object> n5 = reboots("n5");
    assertTrue(
        ((Number) n5.get("lastPoweredOn")).doubleValue()
            > ((Number) n5.get("pendingRebootSince")).doubleValue(),
        n5.toString());
    assertEquals("on", n5.get("power"));
    cluster.awaitTrue("n5 undrained", () -> cluster.node("n5").get("drained").equals(false));
  }

  @Test
  void twoKeysHoldANodeOffThroughARestartUntilBothAreReleased() throws Exception {
    String alpha = "{\"key\": \"alpha\", \"evacuate\": false, \"reason\": \"disks\"}";
    assertEquals(200, cluster.signedPost("/1/nodes/n4/reboot", alpha).statusCode());
    assertEquals(200, cluster.signedPost("/1/nodes/n4/reboot", "{\"key\": \"beta\"}").statusCode());
    HttpResponse<String> twice = cluster.signedPost("/1/nodes/n4/reboot", alpha);
    assertEquals(409, twice.statusCode());
    assertTrue(twice.body().contains("key alpha already holds node n4"), twice.body());
    cluster.awaitTrue("n4 held", () -> reboots("n4").get("phase").equals("held"));
    assertEquals("off", reboots("n4").get("power"));
    Map<?, ?> shown = (Map<?, ?>) cluster.node("n4").get("reboot");
    assertEquals(true, shown.get("held"));
    assertEquals(List.of("alpha", "beta"), shown.get("keys"));

    assertEquals(200, release("n4", "alpha").statusCode());
    HttpResponse<String> unknown = release("n4", "alpha");
    assertEquals(404, unknown.statusCode());
    assertTrue(
        unknown.body().contains("no reboot request with key alpha holds node n4"), unknown.body());
    cluster.stopDaemon();
    cluster.startDaemon();
    cluster.awaitTicks(3);
    assertEquals("held", reboots("n4").get("phase"));
    assertEquals("off", reboots("n4").get("power"));
    assertEquals(List.of("beta"), reboots("n4").get("keys"));

    assertEquals(200, release("n4", "beta").statusCode());
    cluster.awaitTrue("n4 back", () -> request("n4", 1).get("status").equals("done"));
    assertEquals("done", request("n4", 0).get("status"));
    Map<String, Object> n4 = reboots("n4");
    assertTrue(
        ((Number) n4.get("lastPoweredOn")).doubleValue()
            > ((Number) n4.get("pendingRebootSince")).doubleValue(),
        n4.toString());
  }

  @Test
  void badUnknownUnauthenticatedAndForgedRequestsAreRefused() throws Exception {
    Map<String, Integer> bad =
        Map.of(
            "{\"mode\": \"gentle\"}", 400,
            "{\"key\": \"a/b\"}", 400,
            "{\"colour\": \"red\"}", 400,
            "not json", 400);
    for (Map.Entry<String, Integer> e : bad.entrySet()) {
      HttpResponse<String> r = cluster.signedPost("/1/nodes/n3/reboot", e.getKey());
      assertEquals(e.getValue(), r.statusCode(), e.getKey() + ": " + r.body());
    }
    assertTrue(
        cluster
            .signedPost("/1/nodes/n3/reboot", "{\"mode\": \"gentle\"}")
            .body()
            .contains("mode must be soft or hard, not \\\"gentle\\\""));
    HttpResponse<String> none = cluster.signedPost("/1/nodes/n9/reboot", "{}");
    assertEquals(404, none.statusCode());
    assertTrue(none.body().contains("no node n9 in the cluster"), none.body());
    assertEquals(404, cluster.getRaw("/1/nodes/n9/reboot").statusCode());
    assertEquals(
        401, cluster.post("/1/nodes/n3/reboot", "{}", HttpRequest.newBuilder()).statusCode());
    HttpResponse<String> forged =
        cluster.post(
            "/1/nodes/n3/reboot",
            "{}",
            HttpRequest.newBuilder()
                .header(RequestSignature.SALT_HEADER, "00")
                .header(RequestSignature.NONCE_HEADER, "n1")
                .header(RequestSignature.HMAC_HEADER, "0".repeat(64)));
    assertEquals(401, forged.statusCode(), forged.body());
    cluster.report("n3", "{\"status\": \"evacuate\"}");
    cluster.awaitTrue("an incident on n3", () -> !cluster.incidents().isEmpty());
    HttpResponse<String> busy = cluster.signedPost("/1/nodes/n3/reboot", "{}");
    assertEquals(409, busy.statusCode());
    assertTrue(busy.body().contains("node n3 has an active incident"), busy.body());
    assertEquals(List.of(), cluster.get("/1/reboots"));
  }

  /**
   * A key the release's URL carries percent-encoded is released by a DELETE signed over the path as
   * sent; a key no URL brings back is refused when asked for; the node is named in any letter case
   * and answered by its own name.
   */
  @Test
  void everyKeyAdmittedIsReleasedThroughItsEncodedUrlAndTheNodeIsNamedAsTheClusterDoes()
      throws Exception {
    HttpResponse<String> dots = cluster.signedPost("/1/nodes/n4/reboot", "{\"key\": \"..\"}");
    assertEquals(400, dots.statusCode(), dots.body());
    assertTrue(dots.body().contains("not beginning with '.'"), dots.body());
    HttpResponse<String> held =
        cluster.signedPost(
            "/1/nodes/N4/reboot", "{\"key\": \"team:disk@n4\", \"evacuate\": false}");
    assertEquals(200, held.statusCode(), held.body());
    assertEquals("n4", ((Map<?, ?>) Json.parse(held.body())).get("node"));
    assertEquals("team:disk@n4", reboots("N4").get("keys").toString().replaceAll("[\\[\\]]", ""));
    HttpResponse<String> spaced = release("n4", "a%20b");
    assertEquals(404, spaced.statusCode(), spaced.body());
    assertTrue(
        spaced.body().contains("no reboot request with key a b holds node n4"), spaced.body());
    HttpResponse<String> released = release("N4", "team%3Adisk%40n4");
    assertEquals(200, released.statusCode(), released.body());
    Map<?, ?> r = (Map<?, ?>) Json.parse(released.body());
    assertEquals(true, r.get("released"));
    assertEquals("team:disk@n4", r.get("key"));
    cluster.awaitTrue("n4 back", () -> request("n4", 0).get("status").equals("done"));
  }

  /**
   * A node whose request waits for the safety cap is shown as waiting, not held: it is still up and
   * in service; only the node its key powered off is held. The metrics count the requests by status
   * and the keys that hold a node.
   */
  @Test
  void aRequestThatWaitsForTheCapIsShownWaitingAndOnlyAHeldNodeHeld() throws Exception {
    String alpha = "{\"key\": \"alpha\", \"evacuate\": false}";
    assertEquals(200, cluster.signedPost("/1/nodes/n4/reboot", alpha).statusCode());
    cluster.awaitTrue("n4 held", () -> reboots("n4").get("phase").equals("held"));
    String beta = "{\"key\": \"beta\", \"evacuate\": false}";
    assertEquals(200, cluster.signedPost("/1/nodes/n5/reboot", beta).statusCode());
    cluster.awaitTrue(
        "n5 waits for the cap",
        () -> "cap".equals(((Map<?, ?>) cluster.node("n5").get("reboot")).get("waits")));
    Map<?, ?> n5 = (Map<?, ?>) cluster.node("n5").get("reboot");
    assertEquals(false, n5.get("held"), n5.toString());
    assertEquals(List.of("beta"), n5.get("keys"));
    assertEquals(false, reboots("n5").get("held"));
    Map<?, ?> n4 = (Map<?, ?>) cluster.node("n4").get("reboot");
    assertEquals(true, n4.get("held"), n4.toString());
    assertEquals(null, n4.get("waits"));
    MaintctlRun nodes =
        MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, "nodes");
    assertTrue(nodes.out().matches("(?s).*\\bn4\\b[^\\n]*held:alpha.*"), nodes.out());
    assertTrue(nodes.out().matches("(?s).*\\bn5\\b[^\\n]*waits:cap.*"), nodes.out());
    String metrics = cluster.getRaw("/metrics").body();
    for (String line :
        List.of(
            "maintd_reboot_holds 2.0",
            "maintd_reboot_requests{status=\"held\"} 1.0",
            "maintd_reboot_requests{status=\"pending\"} 1.0")) {
      assertTrue(metrics.contains("\n" + line + "\n"), line + " in " + metrics);
    }
  }
}
