package org.maintd.daemon.backend.sim.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;

/**
 * Rehearsals over real HTTP against the daemon on the simulated cluster with real collectors: a
 * rehearsed drain (of one node, or of two at once) and a rehearsed keyed reboot give exactly the
 * jobs (operations, order, targets) that the daemon then submits when told to do the same from the
 * same state, and the rehearsal itself submits no job and writes no state. Costs a few seconds per
 * test (the real runs).
 */
class RehearsalEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    // two nodes of the one group may be out of service at once: a drain of two can be done
    cluster.caps = new SafetyCaps(new Allowance(2, false), List.of());
    cluster.startDaemon();
    cluster.awaitTicks(3);
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private Map<?, ?> rehearse(String body) throws Exception {
    return RehearsalReads.rehearse(cluster, body);
  }

  private static List<Object> rehearsed(Map<?, ?> answer) {
    return RehearsalReads.rehearsed(answer);
  }

  private List<Object> submitted(int from) throws Exception {
    return RehearsalReads.submitted(cluster, from);
  }

  private String state() throws Exception {
    return RehearsalReads.state(tmp);
  }

  @Test
  void aRehearsedDrainGivesTheJobsTheDaemonThenSubmitsAndChangesNothing() throws Exception {
    rehearseThenDrain(
        "{\"action\": \"drain\", \"node\": \"n2\"}",
        "n2 is drained and holds no instance",
        List.of("n2"));
  }

  @Test
  void aRehearsedDrainOfTwoNodesGivesTheJobsTheDaemonThenSubmitsAndChangesNothing()
      throws Exception {
    rehearseThenDrain(
        "{\"action\": \"drain\", \"nodes\": [\"n2\", \"n3\"]}",
        "n2, n3 are drained and hold no instance",
        List.of("n2", "n3"));
  }

  /**
   * Rehearses {@code body}, which ends done saying {@code said}, submitting and writing nothing;
   * then posts one window for {@code nodes} from now on and awaits them drained and empty: the jobs
   * submitted are the rehearsed ones.
   */
  private void rehearseThenDrain(String body, String said, List<String> nodes) throws Exception {
    int before = cluster.simJobs().size();
    String stored = state();
    Map<?, ?> answer = rehearse(body);
    assertEquals(Map.of("kind", "done", "text", said), answer.get("ending"), answer.toString());
    assertEquals(before, cluster.simJobs().size(), "the rehearsal submitted nothing");
    assertEquals(stored, state(), "the rehearsal wrote no state");
    List<Object> played = rehearsed(answer);
    assertFalse(played.isEmpty(), answer.toString());

    long start = Instant.now().toEpochMilli() * 1_000_000L;
    String machines =
        String.join(", ", nodes.stream().map(n -> "{\"hostname\": \"" + n + "\"}").toList());
    HttpResponse<String> posted =
        cluster.signedPost(
            "/1/maintenance/schedule",
            "{\"windows\": [{\"machine_ids\": ["
                + machines
                + "], \"unavailability\": {\"start\": {\"nanoseconds\": "
                + start
                + "}}}]}");
    assertEquals(200, posted.statusCode(), posted.body());
    cluster.awaitTrue(
        String.join(", ", nodes) + " drained and empty",
        () -> {
          for (String n : nodes) {
            if (!drainedAndEmpty(n)) {
              return false;
            }
          }
          return ((List<?>) cluster.get("/1/jobs")).isEmpty();
        });
    assertEquals(played, submitted(before));
  }

  private boolean drainedAndEmpty(String node) throws Exception {
    Map<String, Object> n = cluster.node(node);
    return n.get("drained").equals(true)
        && ((List<?>) n.get("primary_instances")).isEmpty()
        && ((List<?>) n.get("secondary_instances")).isEmpty();
  }

  @Test
  void aRehearsedKeyedRebootGivesTheJobsTheDaemonThenSubmits() throws Exception {
    int before = cluster.simJobs().size();
    String stored = state();
    String body = "{\"key\": \"alpha\", \"reason\": \"disks\"}";
    Map<?, ?> answer =
        rehearse("{\"action\": \"reboot\", \"node\": \"n4\", \"reboot\": " + body + "}");
    assertEquals("done", ((Map<?, ?>) answer.get("ending")).get("kind"), answer.toString());
    assertTrue(
        ((Map<?, ?>) answer.get("ending")).get("text").toString().contains("held by key alpha"),
        answer.toString());
    assertEquals(before, cluster.simJobs().size(), "the rehearsal submitted nothing");
    assertEquals(stored, state(), "the rehearsal wrote no state");
    List<Object> played = rehearsed(answer);
    assertFalse(played.isEmpty(), answer.toString());

    assertEquals(200, cluster.signedPost("/1/nodes/n4/reboot", body).statusCode());
    cluster.awaitTrue(
        "n4 held",
        () ->
            ((Map<?, ?>) cluster.get("/1/nodes/n4/reboot")).get("phase").equals("held")
                && ((List<?>) cluster.get("/1/jobs")).isEmpty());
    assertEquals(played, submitted(before));
  }

  @Test
  void maintctlPrintsTheRehearsalAsATableOrJsonAndRefusesBadArguments() throws Exception {
    String url = "http://127.0.0.1:" + cluster.port();
    MaintctlRun table = MaintctlRun.of(url, cluster.keyFile, "rehearse", "--drain", "n2");
    assertEquals(0, table.code(), table.err());
    assertTrue(table.out().contains("done: n2 is drained and holds no instance"), table.out());
    assertTrue(table.out().contains("INSTANCE  PRIMARY"), table.out());
    assertTrue(table.out().contains("scratch"), table.out());
    assertTrue(table.out().contains("job durations"), table.out());
    assertTrue(
        table
            .out()
            .lines()
            .anyMatch(
                l ->
                    l.matches(
                        "hbal score, group default: \\d+\\.\\d{8} before, \\d+\\.\\d{8} after")),
        table.out());
    MaintctlRun json =
        MaintctlRun.of(url, cluster.keyFile, "-o", "json", "rehearse", "--reboot", "n4");
    assertEquals(0, json.code(), json.err());
    assertEquals(
        "done", ((Map<?, ?>) ((Map<?, ?>) Json.parse(json.out())).get("ending")).get("kind"));
    MaintctlRun mode =
        MaintctlRun.of(url, cluster.keyFile, "rehearse", "--reboot", "n4", "--mode", "gentle");
    assertEquals(2, mode.code(), mode.err());
    assertTrue(mode.err().contains("--mode must be soft or hard, not 'gentle'"), mode.err());
    MaintctlRun none = MaintctlRun.of(url, cluster.keyFile, "rehearse");
    assertEquals(2, none.code(), none.err());
    MaintctlRun unknown = MaintctlRun.of(url, cluster.keyFile, "rehearse", "--drain", "n9");
    assertEquals(1, unknown.code(), unknown.err());
    assertTrue(unknown.err().contains("no node n9 in the cluster"), unknown.err());
    MaintctlRun two =
        MaintctlRun.of(url, cluster.keyFile, "rehearse", "--drain", "n2", "--drain", "n3");
    assertEquals(0, two.code(), two.err());
    assertTrue(two.out().contains("done: n2, n3 are drained and hold no instance"), two.out());
    int before = cluster.simJobs().size();
    String stored = state();
    MaintctlRun among = MaintctlRun.of(url, cluster.keyFile, "rehearse", "--drain", "n2,n9,n3");
    assertEquals(1, among.code(), among.err());
    assertTrue(among.err().contains("no node n9 in the cluster"), among.err());
    assertEquals(before, cluster.simJobs().size(), "nothing was played");
    assertEquals(stored, state(), "nothing was played");
  }

  @Test
  void badRequestsAreRefusedNamingWhatIsWrongAndARefusedActIsRefusedAsTheDaemonRefusesIt()
      throws Exception {
    Map<String, String> bad =
        Map.of(
            "not json", "400 the request body is not JSON",
            "{\"node\": \"n2\"}", "400 'action' is missing",
            "{\"action\": \"drain\"}", "400 'node' is missing",
            "{\"action\": \"fly\", \"node\": \"n2\"}", "400 'action' is \\\"fly\\\"",
            "{\"action\": \"drain\", \"node\": \"n9\"}", "404 no node n9 in the cluster",
            "{\"action\": \"drain\", \"nodes\": [\"n2\", \"n9\", \"n3\"]}",
                "404 no node n9 in the cluster",
            "{\"action\": \"reboot\", \"node\": \"n2\", \"reboot\": {\"mode\": \"gentle\"}}",
                "400 mode must be soft or hard",
            "{\"action\": \"diagnose\", \"node\": \"n2\"}", "400 'status' is missing",
            "{\"action\": \"diagnose\", \"node\": \"n2\", \"status\": \"Ok\"}",
                "400 'status' must be evacuate or evacuate-failover");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      HttpResponse<String> r = cluster.signedPost("/1/rehearsals", e.getKey());
      String[] expected = e.getValue().split(" ", 2);
      assertEquals(Integer.parseInt(expected[0]), r.statusCode(), e.getKey() + ": " + r.body());
      assertTrue(r.body().contains(expected[1]), e.getKey() + ": " + r.body());
    }
    assertEquals(401, cluster.post("/1/rehearsals", "{}", HttpRequest.newBuilder()).statusCode());
    cluster.report("n3", "{\"status\": \"evacuate\"}");
    cluster.awaitTrue("an incident on n3", () -> !cluster.incidents().isEmpty());
    HttpResponse<String> rehearsed =
        cluster.signedPost("/1/rehearsals", "{\"action\": \"reboot\", \"node\": \"n3\"}");
    HttpResponse<String> real = cluster.signedPost("/1/nodes/n3/reboot", "{}");
    assertEquals(409, real.statusCode(), real.body());
    assertEquals(real.statusCode(), rehearsed.statusCode(), rehearsed.body());
    assertEquals(real.body(), rehearsed.body());
  }
}
