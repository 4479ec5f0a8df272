package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.maintenance.Consents;
import org.maintd.protocol.json.Json;

/**
 * A forced down on a real Ganeti 3.0 cluster (the sandbox): node3 drained for its window, its
 * instance inst2 declining by tag and staying; {@code POST /1/machines/down?force=1} answers that
 * node3 goes DOWN once inst2 has moved, and it does, through RAPI: inst2 migrated off despite its
 * decline, then node3 set offline, its mode DOWN.
 */
class GanetiForcedDownIT {
  private static final String NODE = "node3.gnt.test";
  private static final String INSTANCE = "inst2.gnt.test";
  private static final String DECLINE = Consents.DECLINE_TAG + "it-batch";

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
      tag(false);
      sandbox.putBack(credentials, NODE, List.of(INSTANCE));
    }
  }

  private void tag(boolean add) throws IOException {
    try (RapiClient rapi = new RapiClient(sandbox.rapi(credentials))) {
      GanetiBackend backend = new GanetiBackend(rapi);
      boolean has =
          backend.snapshot().instance(INSTANCE).map(i -> i.tags().contains(DECLINE)).orElse(false);
      TaggedObject inst = new TaggedObject(TaggedObject.Kind.INSTANCE, INSTANCE);
      if (add && !has) {
        backend.addTags(inst, List.of(DECLINE));
      } else if (!add && has) {
        backend.removeTags(inst, List.of(DECLINE));
      }
    }
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    return TestCluster.signedPost(
        http, Path.of(sandbox.env.get("GANETI_HMAC_KEY")), daemon.port(), path, body);
  }

  private Object get(String path) throws Exception {
    return Json.parse(
        http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + path))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }

  private String flags() throws IOException, InterruptedException {
    return sandbox
        .onMaster("gnt-node", "list", "--no-headers", "-o", "drained,offline", NODE)
        .strip();
  }

  private String primaryOf() throws IOException, InterruptedException {
    return sandbox
        .onMaster("gnt-instance", "list", "--no-headers", "-o", "pnode", INSTANCE)
        .strip();
  }

  @Test
  void aForcedDownMovesTheDecliningInstanceAndTakesTheNodeOfflineThroughRapi() throws Exception {
    long firstJob = sandbox.nextJobId();
    tag(true);
    long start = Instant.now().plus(Duration.ofMinutes(30)).getEpochSecond() * 1_000_000_000L;
    String window =
        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \""
            + NODE
            + "\"}], \"unavailability\": {\"start\": {\"nanoseconds\": "
            + start
            + "}, \"duration\": {\"nanoseconds\": 3600000000000}}}]}";
    assertEquals(200, post("/1/maintenance/schedule", window).statusCode());
    await("node3 drained, inst2 declining and staying on it")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                flags().matches("Y\\s+N")
                    && primaryOf().equals(NODE)
                    && get("/1/maintenance/status").toString().contains("status=DECLINE"));

    HttpResponse<String> down =
        post("/1/machines/down?force=1", "[{\"hostname\": \"" + NODE + "\"}]");
    assertEquals(200, down.statusCode(), down.body());
    Map<?, ?> accepted = (Map<?, ?>) ((List<?>) Json.parse(down.body())).get(0);
    assertEquals("DRAIN", accepted.get("mode"));
    assertEquals(
        "DOWN once 1 instance has moved (" + INSTANCE + "; declines overridden)",
        accepted.get("outcome"));

    await("inst2 moved off node3 and node3 offline, through RAPI")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> flags().matches("N\\s+Y") && !primaryOf().equals(NODE));
    Map<?, ?> node =
        ((List<?>) get("/1/nodes"))
            .stream()
                .map(n -> (Map<?, ?>) n)
                .filter(n -> n.get("name").equals(NODE))
                .findFirst()
                .orElseThrow();
    assertEquals("DOWN", node.get("mode"));
    Map<?, ?> status = (Map<?, ?>) get("/1/maintenance/status");
    assertEquals(List.of(Map.of("hostname", NODE)), status.get("down_machines"));
    assertEquals(List.of(), status.get("notices"), "no job of node3's failed");
    assertTrue(
        sandbox.jobsWithReason(
                credentials, firstJob, "maintenance of " + NODE + ": set " + NODE + " offline")
            >= 1,
        "the offline job's reason trail names the forced down");
  }
}
