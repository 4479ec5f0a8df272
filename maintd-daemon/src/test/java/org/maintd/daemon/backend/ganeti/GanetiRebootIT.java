package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;

/**
 * A reboot request held by two keys on a real Ganeti 3.0 cluster (the sandbox), which has no power
 * control through RAPI: node3 is drained and emptied through RAPI, rebooted softly through its own
 * collector (a new boot id; a sandbox node is never power-cycled), then held offline while alpha
 * and beta hold it; releasing alpha keeps it offline, releasing beta brings it back online and in
 * service, and both requests are done with {@code lastPoweredOn} later than {@code
 * pendingRebootSince}. A hard request is refused: there is no hard path here. A keyed request that
 * comes while the node is held gets a reboot of its own once the keys are released; a reboot whose
 * answer the collector never sends (killed by the reboot first) is watched until the node is back.
 */
class GanetiRebootIT {
  private static final String NODE = "node3.gnt.test";

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  Daemon daemon;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    daemon = new Daemon(sandbox.daemon(dir, "node1.gnt.test", credentials), Clock.systemUTC());
    daemon.start(true);
  }

  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (sandbox != null) {
      if (!flags().equals("N N")) {
        sandbox.onMaster("gnt-node", "modify", "-O", "no", "-D", "no", NODE);
      }
      sandbox.putBack(credentials, NODE, List.of("inst2.gnt.test"));
    }
  }

  private String flags() throws IOException, InterruptedException {
    return sandbox
        .onMaster("gnt-node", "list", "--no-headers", "-o", "drained,offline", NODE)
        .strip()
        .replaceAll("\\s+", " ");
  }

  private String bootId() throws IOException {
    return Files.readString(Path.of(sandbox.diagnoseFile(NODE)).resolveSibling("boot_id")).strip();
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    return TestCluster.signedPost(
        http, Path.of(sandbox.env.get("GANETI_HMAC_KEY")), daemon.port(), path, body);
  }

  private HttpResponse<String> release(String key) throws Exception {
    String path = "/1/nodes/" + NODE + "/reboot/" + key;
    HmacKey k =
        HmacKey.fromFileContent(Files.readAllBytes(Path.of(sandbox.env.get("GANETI_HMAC_KEY"))));
    String nonce = java.util.UUID.randomUUID().toString();
    SignedMessage s = k.sign(RequestSignature.text("DELETE", path, nonce, ""), Instant.now());
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + path))
            .header(RequestSignature.SALT_HEADER, s.salt())
            .header(RequestSignature.NONCE_HEADER, nonce)
            .header(RequestSignature.HMAC_HEADER, s.hmac())
            .DELETE()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private Map<?, ?> reboots() throws Exception {
    return (Map<?, ?>)
        Json.parse(
            http.send(
                    HttpRequest.newBuilder(
                            URI.create(
                                "http://127.0.0.1:"
                                    + daemon.port()
                                    + "/1/nodes/"
                                    + NODE
                                    + "/reboot"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
  }

  private List<?> requests() throws Exception {
    return (List<?>) reboots().get("requests");
  }

  @Test
  void aNodeHeldByTwoKeysIsRebootedThroughItsCollectorKeptOfflineAndBroughtBack() throws Exception {
    String before = bootId();
    HttpResponse<String> hard = post("/1/nodes/" + NODE + "/reboot", "{\"mode\": \"hard\"}");
    assertEquals(409, hard.statusCode(), hard.body());
    assertTrue(hard.body().contains("no hard path is configured here"), hard.body());
    assertEquals(
        200,
        post("/1/nodes/" + NODE + "/reboot", "{\"key\": \"alpha\", \"reason\": \"disks\"}")
            .statusCode());
    assertEquals(200, post("/1/nodes/" + NODE + "/reboot", "{\"key\": \"beta\"}").statusCode());
    await("node3 rebooted through its collector and held offline")
        .atMost(Duration.ofMinutes(5))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> "held".equals(reboots().get("phase")) && flags().endsWith("Y"));
    assertNotEquals(before, bootId(), "node3 came back from its reboot with a new boot id");
    assertTrue(
        !sandbox.onMaster("gnt-instance", "list", "--no-headers", "-o", "pnode").contains(NODE),
        "node3 was emptied first");
    assertEquals(List.of("alpha", "beta"), reboots().get("keys"));

    assertEquals(200, release("alpha").statusCode());
    await("the release of alpha is taken in")
        .atMost(Duration.ofSeconds(30))
        .until(() -> List.of("beta").equals(reboots().get("keys")));
    assertEquals("held", reboots().get("phase"));
    assertTrue(flags().endsWith("Y"), "node3 stays offline while beta holds it: " + flags());

    assertEquals(200, release("beta").statusCode());
    await("node3 back in service")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> "idle".equals(reboots().get("phase")) && flags().equals("N N"));
    for (Object r : requests()) {
      assertEquals("done", ((Map<?, ?>) r).get("status"), r.toString());
    }
    Map<?, ?> node = reboots();
    assertTrue(
        ((Number) node.get("lastPoweredOn")).doubleValue()
            > ((Number) node.get("pendingRebootSince")).doubleValue(),
        node.toString());
  }

  /**
   * A keyed request that comes while node3 is held offline after its reboot keeps it held; once
   * every key is released it leaves that cycle (the node rebooted before it came), the node comes
   * back online, and it is rebooted again for it, in a cycle of its own that ends it {@code done}:
   * it never stays {@code powering-on} behind a cycle that ended.
   */
  @Test
  void aKeyedRequestThatCameWhileTheNodeWasHeldIsRebootedForAfterTheReleasesAndEnds()
      throws Exception {
    String before = bootId();
    assertEquals(200, post("/1/nodes/" + NODE + "/reboot", "{\"key\": \"alpha\"}").statusCode());
    awaitOrTell(
        "node3 rebooted and held offline",
        () -> "held".equals(reboots().get("phase")) && flags().endsWith("Y"));
    String first = bootId();
    assertNotEquals(before, first);
    HttpResponse<String> gamma =
        post("/1/nodes/" + NODE + "/reboot", "{\"key\": \"gamma\", \"reason\": \"late\"}");
    assertEquals(200, gamma.statusCode(), gamma.body());
    String id = ((Map<?, ?>) Json.parse(gamma.body())).get("id").toString();
    await("gamma joins the hold")
        .atMost(Duration.ofSeconds(30))
        .until(() -> List.of("alpha", "gamma").equals(reboots().get("keys")));
    assertEquals(200, release("alpha").statusCode());
    assertEquals(200, release("gamma").statusCode());
    awaitOrTell(
        "gamma done, by a reboot of its own", () -> "done".equals(request(id).get("status")));
    assertNotEquals(first, bootId(), "node3 was rebooted again for gamma");
    List<?> history = (List<?>) request(id).get("history");
    assertTrue(
        history.stream()
            .anyMatch(e -> ((Map<?, ?>) e).get("detail").toString().contains("came before it")),
        history.toString());
    await("node3 back in service")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> "idle".equals(reboots().get("phase")) && flags().equals("N N"));
  }

  /**
   * The reboot command kills node3's collector before its answer is out (as the real reboot may, on
   * a loaded node): the answer is lost, and the request watches the boot id instead of failing; it
   * is done once the collector is back with a new one.
   */
  @Test
  void aRebootWhoseAnswerIsLostIsWatchedUntilTheNodeIsBack() throws Exception {
    Path command =
        Path.of(sandbox.diagnoseFile(NODE)).resolveSibling("repair-commands").resolve("reboot");
    String original = Files.readString(command);
    // the collector dies at once, as in a hard stop, before it can answer; the node's daemons
    // and a new collector come back a few seconds later with a new boot id
    String killsFirst =
        original
            .replace("  kill $collector\n", "")
            .replaceFirst("\necho \"reboot of[^\n]*", "\nkill -KILL \\$collector");
    assertNotEquals(original, killsFirst, "the sandbox's reboot command has the shape expected");
    String before = bootId();
    try {
      Files.writeString(command, killsFirst);
      HttpResponse<String> once =
          post("/1/nodes/" + NODE + "/reboot", "{\"evacuate\": false, \"reason\": \"lost\"}");
      assertEquals(200, once.statusCode(), once.body());
      String id = ((Map<?, ?>) Json.parse(once.body())).get("id").toString();
      awaitOrTell(
          "the request done once node3 is back",
          () -> List.of("done", "failed").contains(request(id).get("status")));
      assertEquals("done", request(id).get("status"), request(id).toString());
      assertNotEquals(before, bootId());
    } finally {
      Files.writeString(command, original);
    }
  }

  /** Waits up to six minutes for {@code condition}; else fails with node3's requests and logs. */
  private void awaitOrTell(String what, java.util.concurrent.Callable<Boolean> condition)
      throws Exception {
    try {
      await(what)
          .atMost(Duration.ofMinutes(6))
          .pollInterval(Duration.ofSeconds(1))
          .until(condition);
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError(
          what + " did not happen: " + reboots() + "\n" + sandbox.nodeLogs(30), e);
    }
  }

  private Map<?, ?> request(String id) throws Exception {
    return requests().stream()
        .map(r -> (Map<?, ?>) r)
        .filter(r -> id.equals(r.get("id")))
        .findFirst()
        .orElseThrow();
  }
}
