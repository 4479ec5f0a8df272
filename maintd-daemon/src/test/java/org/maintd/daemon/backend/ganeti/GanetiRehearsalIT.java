package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Sim;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.json.Json;

/**
 * A drain rehearsed on a real Ganeti 3.0 cluster (the sandbox), then run for real, and the two
 * compared: the rehearsal submits no job to Ganeti and leaves the state file as it was; the real
 * drain then submits the same jobs in the same order (their reasons, keys and times aside), the
 * instances end where the rehearsal put them, and the real run takes between a third and three
 * times the rehearsal's expected time (each operation assumed to take {@link #OPERATION_TIME}, the
 * sandbox's usual: its drains and migrations take 3 to 5 s).
 */
class GanetiRehearsalIT {
  private static final String NODE = "node3.gnt.test";
  private static final String INSTANCE = "inst2.gnt.test";
  private static final Duration OPERATION_TIME = Duration.ofSeconds(4);
  private static final double FACTOR = 3;

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  Daemon daemon;
  Path key;

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.putBack(credentials, NODE, List.of(INSTANCE));
    sandbox.forgetMaintd(credentials);
    key = Path.of(sandbox.env.get("GANETI_HMAC_KEY"));
    DaemonConfig config = sandbox.daemon(dir, "node1.gnt.test", credentials);
    Sim sim = config.sim();
    config =
        config.withSim(new Sim(sim.cluster(), sim.diagnoseDir(), OPERATION_TIME, Duration.ZERO));
    daemon = new Daemon(config, Clock.systemUTC());
    daemon.start(true);
  }

  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (sandbox != null) {
      sandbox.putBack(credentials, NODE, List.of(INSTANCE));
    }
  }

  @Test
  void aRehearsedDrainIsWhatTheRealDrainThenDoes() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    String body = "{\"action\": \"drain\", \"node\": \"" + NODE + "\"}";
    long firstJob = sandbox.nextJobId();
    byte[] stateBefore =
        await("the daemon's first snapshot and stored state")
            .atMost(Duration.ofMinutes(1))
            .pollInterval(Duration.ofMillis(500))
            .until(this::storedState, s -> s.length > 0);
    HttpResponse<String> answer =
        await("a rehearsal once the daemon has its first snapshot")
            .atMost(Duration.ofMinutes(1))
            .pollInterval(Duration.ofMillis(500))
            .until(
                () -> TestCluster.signedPost(http, key, daemon.port(), "/1/rehearsals", body),
                r -> r.statusCode() != 409);
    assertEquals(200, answer.statusCode(), answer.body());
    Map<?, ?> rehearsal = (Map<?, ?>) Json.parse(answer.body());
    assertEquals("done", ((Map<?, ?>) rehearsal.get("ending")).get("kind"), answer.body());
    assertEquals(firstJob, sandbox.nextJobId(), "the rehearsal submitted no job to Ganeti");
    assertArrayEquals(stateBefore, storedState(), "the rehearsal wrote no state");
    List<String> rehearsed = rehearsedReasons(rehearsal);
    assertTrue(rehearsed.size() >= 2, "a drain and a move: " + answer.body());
    assertFalse(((List<?>) rehearsal.get("moves")).isEmpty(), answer.body());

    Instant posted = Instant.now();
    long ns = posted.getEpochSecond() * 1_000_000_000L + posted.getNano();
    String window =
        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \""
            + NODE
            + "\"}], \"unavailability\": {\"start\": {\"nanoseconds\": "
            + ns
            + "}}}]}";
    assertEquals(
        200,
        TestCluster.signedPost(http, key, daemon.port(), "/1/maintenance/schedule", window)
            .statusCode());
    await("node3 drained and emptied for real")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(250))
        .until(this::drainedAndEmpty);
    double real = Duration.between(posted, Instant.now()).toMillis() / 1000.0;

    assertEquals(rehearsed, realReasons(firstJob), "the same jobs in the same order");
    assertEquals(rehearsedPlacements(rehearsal), primaries(), "the same placements");
    double expected = ((Number) rehearsal.get("seconds")).doubleValue();
    System.out.printf("rehearsed %.1f s, real %.1f s, %d jobs%n", expected, real, rehearsed.size());
    assertTrue(
        real <= expected * FACTOR && real >= expected / FACTOR,
        "real " + real + " s against " + expected + " s rehearsed");
  }

  private byte[] storedState() throws Exception {
    Path file = dir.resolve("state").resolve("state.json");
    return Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
  }

  private boolean drainedAndEmpty() throws Exception {
    String flags =
        sandbox.onMaster("gnt-node", "list", "--no-headers", "-o", "drained", NODE).strip();
    return flags.equals("Y") && !primaries().containsValue(NODE);
  }

  /** Every instance's primary node, as Ganeti has it now. */
  private Map<String, String> primaries() throws Exception {
    Map<String, String> where = new LinkedHashMap<>();
    for (String line :
        sandbox
            .onMaster("gnt-instance", "list", "--no-headers", "-o", "name,pnode")
            .lines()
            .toList()) {
      String[] w = line.strip().split("\\s+");
      where.put(w[0], w[1]);
    }
    return where;
  }

  /** {@link #primaries()} as the rehearsal left them: now, with its moves made. */
  private Map<String, String> rehearsedPlacements(Map<?, ?> rehearsal) throws Exception {
    Map<String, String> where = new LinkedHashMap<>(primaries());
    for (Object m : (List<?>) rehearsal.get("moves")) {
      Map<?, ?> move = (Map<?, ?>) m;
      where.put((String) move.get("instance"), (String) move.get("primary_to"));
    }
    return where;
  }

  private static List<String> rehearsedReasons(Map<?, ?> rehearsal) {
    List<String> reasons = new ArrayList<>();
    for (Object r : (List<?>) rehearsal.get("rounds")) {
      for (Object j : (List<?>) ((Map<?, ?>) r).get("jobs")) {
        reasons.add(normalized((String) ((Map<?, ?>) j).get("reason")));
      }
    }
    return reasons;
  }

  /** maintd's jobs in Ganeti's queue from {@code firstJob} on, one per maintd job, in order. */
  private List<String> realReasons(long firstJob) {
    List<String> reasons = new ArrayList<>();
    try (RapiClient rapi = new RapiClient(sandbox.rapi(credentials))) {
      List<Map<?, ?>> jobs =
          ((List<?>) rapi.get("/2/jobs?bulk=1"))
              .stream()
                  .<Map<?, ?>>map(j -> (Map<?, ?>) j)
                  .filter(j -> id(j) >= firstJob)
                  .sorted(java.util.Comparator.comparingLong(GanetiRehearsalIT::id))
                  .toList();
      for (Map<?, ?> job : jobs) {
        GanetiJob.reason(job, ReasonTrail.SOURCE + " ")
            .map(t -> normalized(t.substring(t.indexOf(": ") + 2)))
            .filter(t -> reasons.isEmpty() || !reasons.get(reasons.size() - 1).equals(t))
            .ifPresent(reasons::add);
      }
    }
    return reasons;
  }

  private static long id(Map<?, ?> job) {
    return ((Number) job.get("id")).longValue();
  }

  /** A reason without its key, its operation number and its times. */
  private static String normalized(String reason) {
    return reason
        .replaceAll(" \\[[^\\]]*\\]$", "")
        .replaceAll(" \\(operation \\d+ of \\d+\\)", "")
        .replaceAll("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z", "T");
  }
}
