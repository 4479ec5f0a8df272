package org.maintd.daemon.backend.sim.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.backend.sim.rehearse.RehearsalReads.rehearse;
import static org.maintd.daemon.backend.sim.rehearse.RehearsalReads.rehearsed;
import static org.maintd.daemon.backend.sim.rehearse.RehearsalReads.state;
import static org.maintd.daemon.backend.sim.rehearse.RehearsalReads.submitted;

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

/**
 * Rehearsals of a schedule and of a campaign over real HTTP against the daemon on the simulated
 * cluster with real collectors: a rehearsed schedule whose instance declines and a rehearsed
 * two-group campaign give exactly the jobs (operations, order, targets) that the daemon then
 * submits when the same is posted from the same state, the rehearsal itself submitting no job and
 * writing no state; bad input and what the daemon refuses are refused as the real commands refuse
 * them. Costs about 15 s (the schedule's real run waits for its window to start).
 */
class RehearsalPlansEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
    cluster.awaitTicks(3);
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private MaintctlRun maintctl(String... args) {
    return MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, args);
  }

  private boolean drainedAndEmpty(String node) throws Exception {
    Map<String, Object> n = cluster.node(node);
    return n.get("drained").equals(true)
        && ((List<?>) n.get("primary_instances")).isEmpty()
        && ((List<?>) n.get("secondary_instances")).isEmpty()
        && ((List<?>) cluster.get("/1/jobs")).isEmpty();
  }

  /** A schedule with one window for n2, starting in {@code seconds}, with no end. */
  private static String schedule(long seconds) {
    long start = Instant.now().plusSeconds(seconds).toEpochMilli() * 1_000_000L;
    return "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n2\"}], \"unavailability\":"
        + " {\"start\": {\"nanoseconds\": "
        + start
        + "}}}]}";
  }

  @Test
  void aRehearsedScheduleWithADeclineGivesTheJobsTheDaemonThenSubmitsAndChangesNothing()
      throws Exception {
    MaintctlRun tag =
        maintctl("sim", "tag", "--kind", "instance", "db1", "add", "maintd:consent:decline:backup");
    assertEquals(0, tag.code(), tag.err());
    cluster.awaitTrue(
        "db1's decline seen",
        () -> cluster.get("/1/instances?name=db1").toString().contains("decline:backup"));
    int before = cluster.simJobs().size();
    String stored = state(tmp);
    String schedule = schedule(6);
    Map<?, ?> answer =
        rehearse(cluster, "{\"action\": \"schedule\", \"schedule\": " + schedule + "}");
    assertEquals(
        Map.of(
            "kind",
            "done",
            "text",
            "every machine of the schedule is where its window puts it: n2 DRAIN, drained and"
                + " holding no instance"),
        answer.get("ending"),
        answer.toString());
    assertEquals(before, cluster.simJobs().size(), "the rehearsal submitted nothing");
    assertEquals(stored, state(tmp), "the rehearsal wrote no state");
    Map<?, ?> declined =
        ((List<?>) answer.get("waits"))
            .stream()
                .map(w -> (Map<?, ?>) w)
                .filter(w -> w.get("kind").equals("declined"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no decline: " + answer));
    assertTrue(declined.get("text").toString().startsWith("db1 declined (backup"), declined + "");
    List<Object> played = rehearsed(answer);
    assertFalse(played.isEmpty(), answer.toString());
    assertTrue(
        played.get(played.size() - 1).toString().contains("db1"),
        "db1 leaves last, once the window has started: " + played);

    HttpResponse<String> posted = cluster.signedPost("/1/maintenance/schedule", schedule);
    assertEquals(200, posted.statusCode(), posted.body());
    cluster.awaitTrue("n2 drained and empty", () -> drainedAndEmpty("n2"));
    assertEquals(played, submitted(cluster, before));
  }

  @Test
  void aRehearsedCampaignGivesTheJobsTheDaemonThenSubmitsAndChangesNothing() throws Exception {
    int before = cluster.simJobs().size();
    String stored = state(tmp);
    String campaign = "{\"nodes\": [\"n3\", \"n4\"], \"max_nodes\": 1, \"soak\": 1}";
    Map<?, ?> answer =
        rehearse(cluster, "{\"action\": \"campaign\", \"campaign\": " + campaign + "}");
    Map<?, ?> ending = (Map<?, ?>) answer.get("ending");
    assertEquals("done", ending.get("kind"), answer.toString());
    assertTrue(
        ending.get("text").toString().endsWith(" completed: 2 node(s) rebooted"),
        answer.toString());
    assertEquals(before, cluster.simJobs().size(), "the rehearsal submitted nothing");
    assertEquals(stored, state(tmp), "the rehearsal wrote no state");
    List<Object> played = rehearsed(answer);
    assertFalse(played.isEmpty(), answer.toString());

    HttpResponse<String> started = cluster.signedPost("/1/campaigns", campaign);
    assertEquals(200, started.statusCode(), started.body());
    String id = ((Map<?, ?>) Json.parse(started.body())).get("id").toString();
    cluster.awaitTrue(
        "the campaign completed",
        () ->
            ((Map<?, ?>) cluster.get("/1/campaigns/" + id)).get("status").equals("completed")
                && ((List<?>) cluster.get("/1/jobs")).isEmpty());
    assertEquals(played, submitted(cluster, before));
  }

  @Test
  void badSchedulesAndCampaignsAndWhatTheDaemonRefusesAreRefusedAsTheRealCommandsRefuseThem()
      throws Exception {
    String n2 =
        "{\"machine_ids\": [{\"hostname\": \"n2\"}], \"unavailability\": {\"start\":"
            + " {\"nanoseconds\": 1}}}";
    Map<String, String> real =
        Map.of(
            "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n2\"}]}]}",
            "/1/maintenance/schedule",
            "{\"windows\": [" + n2 + ", " + n2 + "]}",
            "/1/maintenance/schedule",
            "{\"mode\": \"sideways\"}",
            "/1/campaigns",
            "{\"nodes\": [\"n9\"]}",
            "/1/campaigns",
            "{\"soak\": \"forever\"}",
            "/1/campaigns");
    for (Map.Entry<String, String> e : real.entrySet()) {
      String action = e.getValue().equals("/1/campaigns") ? "campaign" : "schedule";
      HttpResponse<String> rehearsed =
          cluster.signedPost(
              "/1/rehearsals",
              "{\"action\": \"" + action + "\", \"" + action + "\": " + e.getKey() + "}");
      HttpResponse<String> refused = cluster.signedPost(e.getValue(), e.getKey());
      assertTrue(refused.statusCode() >= 400, e.getKey() + ": " + refused.body());
      assertEquals(
          refused.statusCode(), rehearsed.statusCode(), e.getKey() + ": " + rehearsed.body());
      assertEquals(refused.body(), rehearsed.body(), e.getKey());
    }
    Map<String, String> bad =
        Map.of(
            "{\"action\": \"schedule\"}", "'schedule' is missing",
            "{\"action\": \"schedule\", \"node\": \"n2\", \"schedule\": {}}",
                "is about the cluster as a whole",
            "{\"action\": \"drain\", \"node\": \"n2\", \"schedule\": {}}",
                "'schedule' goes with the action schedule only",
            "{\"action\": \"reboot\", \"node\": \"n2\", \"campaign\": {}}",
                "'campaign' goes with the action campaign only");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      HttpResponse<String> r = cluster.signedPost("/1/rehearsals", e.getKey());
      assertEquals(400, r.statusCode(), e.getKey() + ": " + r.body());
      assertTrue(r.body().contains(e.getValue()), e.getKey() + ": " + r.body());
    }
    assertEquals(List.of(), cluster.get("/1/campaigns"), "nothing was started");
  }

  @Test
  void maintctlRehearsesAScheduleFileAndACampaignsOptionsAndRefusesThemAsTheRealCommandsDo()
      throws Exception {
    Path file = tmp.resolve("schedule.json");
    Files.writeString(file, schedule(0));
    MaintctlRun table = maintctl("rehearse", "--schedule", file.toString());
    assertEquals(0, table.code(), table.err());
    assertTrue(
        table.out().contains("done: every machine of the schedule is where its window puts it"),
        table.out());
    MaintctlRun campaign =
        maintctl(
            "rehearse", "--campaign", "--node", "n4", "--mode", "full-evacuation", "--soak", "1s");
    assertEquals(0, campaign.code(), campaign.err());
    assertTrue(campaign.out().contains("completed: 1 node(s) rebooted"), campaign.out());
    assertTrue(campaign.out().contains("full-evacuation"), campaign.out());

    Files.writeString(tmp.resolve("broken.json"), "{\"windows\": [");
    for (String name : List.of("missing.json", "broken.json")) {
      String path = tmp.resolve(name).toString();
      MaintctlRun set = maintctl("schedule", "set", path);
      MaintctlRun rehearsed = maintctl("rehearse", "--schedule", path);
      assertEquals(1, set.code(), set.err());
      assertEquals(set.code(), rehearsed.code(), rehearsed.err());
      assertEquals(set.err(), rehearsed.err());
    }
    MaintctlRun start = maintctl("campaign", "start", "--mode", "sideways");
    MaintctlRun rehearsed = maintctl("rehearse", "--campaign", "--mode", "sideways");
    assertEquals(1, start.code(), start.err());
    assertEquals(start.code(), rehearsed.code(), rehearsed.err());
    assertEquals(start.err(), rehearsed.err());
    MaintctlRun usage = maintctl("campaign", "start", "--max-nodes", "many");
    MaintctlRun rehearsedUsage = maintctl("rehearse", "--campaign", "--max-nodes", "many");
    assertEquals(2, usage.code(), usage.err());
    assertEquals(2, rehearsedUsage.code(), rehearsedUsage.err());
    String why = usage.err().lines().findFirst().orElseThrow().replace("maintctl: ", "");
    assertTrue(
        rehearsedUsage.err().startsWith("maintctl: --campaign: " + why + "\n"),
        usage.err() + " / " + rehearsedUsage.err());
    assertEquals(List.of(), cluster.get("/1/campaigns"), "nothing was started");
  }
}
