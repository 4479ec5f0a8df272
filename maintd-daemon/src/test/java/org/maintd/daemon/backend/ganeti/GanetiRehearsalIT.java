package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A drain rehearsed on a real Ganeti 3.0 cluster (the sandbox), then run for real, and the two
 * compared: the rehearsal submits no job to Ganeti and leaves the state file as it was; the real
 * drain then submits the same jobs in the same order (their reasons, keys and times aside), the
 * instances end where the rehearsal put them, and the real run takes between a third and three
 * times the rehearsal's expected time, its drains' and migrations' durations learned from the
 * sandbox's job history (a drain and a migration run by hand just before).
 */
class GanetiRehearsalIT {
  private static final String NODE = "node3.gnt.test";
  private static final String INSTANCE = "inst2.gnt.test";
  private static final double FACTOR = 3;

  @RegisterExtension final SandboxRehearsals rehearsals = new SandboxRehearsals();

  @BeforeEach
  void start() throws Exception {
    rehearsals.sandbox().orElseThrow().putBack(rehearsals.credentials(), NODE, List.of(INSTANCE));
    // a drain reboots nothing: the simulated cluster's default boot time
    rehearsals.start(Duration.ofSeconds(5));
  }

  @AfterEach
  void restore() throws Exception {
    rehearsals.close();
    if (rehearsals.sandbox().isPresent()) {
      rehearsals.sandbox().get().putBack(rehearsals.credentials(), NODE, List.of(INSTANCE));
    }
  }

  @Test
  void aRehearsedDrainIsWhatTheRealDrainThenDoes() throws Exception {
    long firstJob = rehearsals.sandbox().orElseThrow().nextJobId();
    Map<?, ?> rehearsal =
        rehearsals.rehearseChangingNothing("{\"action\": \"drain\", \"node\": \"" + NODE + "\"}");
    String durations = SandboxRehearsals.durations(rehearsal);
    assertTrue(
        durations.startsWith("from the cluster's job history: drain ")
            && durations.contains("; migrate "),
        durations);
    List<String> rehearsed = SandboxRehearsals.rehearsed(rehearsal);
    assertTrue(rehearsed.size() >= 2, "a drain and a move: " + rehearsal);
    assertFalse(((List<?>) rehearsal.get("moves")).isEmpty(), String.valueOf(rehearsal));
    Map<String, String> placements = rehearsals.placementsAfter(rehearsal);

    Instant posted = Instant.now();
    long ns = posted.getEpochSecond() * 1_000_000_000L + posted.getNano();
    String window =
        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \""
            + NODE
            + "\"}], \"unavailability\": {\"start\": {\"nanoseconds\": "
            + ns
            + "}}}]}";
    assertEquals(200, rehearsals.post("/1/maintenance/schedule", window).statusCode());
    await("node3 drained and emptied for real")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(250))
        .until(this::drainedAndEmpty);
    double real = Duration.between(posted, Instant.now()).toMillis() / 1000.0;

    assertEquals(rehearsed, rehearsals.carriedOut(firstJob), "the same jobs in the same order");
    assertEquals(placements, rehearsals.primaries(), "the same placements");
    double expected = ((Number) rehearsal.get("seconds")).doubleValue();
    System.out.printf(
        "rehearsed %.1f s, real %.1f s, %d jobs; %s%n",
        expected, real, rehearsed.size(), durations);
    assertTrue(
        real <= expected * FACTOR && real >= expected / FACTOR,
        "real " + real + " s against " + expected + " s rehearsed");
  }

  private boolean drainedAndEmpty() throws Exception {
    String flags =
        rehearsals
            .sandbox()
            .orElseThrow()
            .onMaster("gnt-node", "list", "--no-headers", "-o", "drained", NODE)
            .strip();
    return flags.equals("Y") && !rehearsals.primaries().containsValue(NODE);
  }
}
