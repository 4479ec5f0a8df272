package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;

/**
 * Rolling-reboot campaigns on an eight-node simulated cluster with real collectors: reboots power
 * nodes off (their collectors stop answering) and bring them back with a new boot id; the master
 * role is failed over before the master is rebooted.
 */
class CampaignEndToEndTest {
  static final String CLUSTER =
      String.join(
              "\n",
              "default|g-uuid|preferred||",
              "",
              "n1|32768|1024|29696|400000|380000|16|M|g-uuid|1||N|0|16|1.0",
              "n2|32768|1024|29696|400000|360000|16|N|g-uuid|1||N|0|16|1.0",
              "n3|32768|1024|30720|400000|380000|16|N|g-uuid|1||N|0|16|1.0",
              "n4|32768|1024|29696|400000|360000|16|N|g-uuid|1||N|0|16|1.0",
              "n5|32768|1024|31744|400000|380000|16|N|g-uuid|1||N|0|16|1.0",
              "n6|32768|1024|28672|400000|370000|16|N|g-uuid|1||N|0|16|1.0",
              "n7|32768|1024|30720|400000|380000|16|N|g-uuid|1||N|0|16|1.0",
              "n8|32768|1024|29696|400000|380000|16|N|g-uuid|1||N|0|16|1.0",
              "",
              "a1|2048|20000|1|running|Y|n2|n3|drbd||1|-|N",
              "a2|2048|20000|1|running|Y|n4|n5|drbd||1|-|N",
              "a3|2048|20000|1|running|Y|n6|n7|drbd||1|-|N",
              "a4|2048|20000|1|running|Y|n8|n2|drbd||1|-|N",
              "m1|2048|20000|1|running|Y|n1|n4|drbd||1|-|N",
              "s1|1024|10000|1|running|Y|n3||sharedfile||1|-|N",
              "s2|1024|10000|1|ADMIN_down|Y|n5||sharedfile||1|-|N",
              "p1|1024|10000|1|running|Y|n6||plain||1|-|N",
              "d1|1024|0|1|running|Y|n7||diskless||1|-|N",
              "",
              "")
          + "\n";

  @TempDir Path dir;
  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(dir, CLUSTER);
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  @Test
  void rebootsEveryNodeOnceMovesInstancesBackAndTheMasterLast() throws Exception {
    cluster.caps = new SafetyCaps(new Allowance(4, false), List.of());
    cluster.startDaemon();
    cluster.awaitTrue("a first snapshot", () -> !primaries().isEmpty());
    Map<String, String> before = primaries();
    assertEquals("n2", before.get("a1"));
    Map<String, Object> started = startCampaign("{\"soak\": 0.3}");
    String id = (String) started.get("id");
    List<?> groups = (List<?>) started.get("groups");
    assertEquals(List.of("n1"), groups.get(groups.size() - 1), "the master alone, last: " + groups);
    assertNoDrbdPairShareAGroup(groups);

    Map<String, Object> done =
        awaitCampaign(id, "completed", c -> "completed".equals(c.get("status")));

    assertEquals(Map.of("done", 8L, "skipped", 0L, "total", 8L), done.get("progress"));
    List<?> first = (List<?>) groups.get(0);
    assertTrue(first.size() >= 2, "the first group reboots several nodes: " + groups);
    assertEquals(
        1,
        cluster.simJobs().stream()
            .filter(
                j ->
                    first.stream()
                        .anyMatch(
                            n ->
                                j.get("reason")
                                    .toString()
                                    .contains("): drain " + n + " for its reboot")))
            .map(j -> j.get("key").toString().replaceAll(".*-(r\\d+)-\\d+$", "$1"))
            .distinct()
            .count(),
        "the first group's nodes are drained in one round");
    Map<String, Integer> reboots = rebootCounts();
    for (int i = 1; i <= 8; i++) {
      assertEquals(
          1, reboots.getOrDefault("n" + i, 0), "n" + i + " rebooted exactly once: " + reboots);
    }
    assertTrue(
        indexOf("master-failover") < indexOf("reboot", "n1"),
        "the master role moved before n1 rebooted");
    assertFalse("n1".equals(cluster.daemon().node()), "the daemon went on as the new master's");
    assertEquals(before, primaries(), "every instance is back on its primary");
    String metrics = cluster.getRaw("/metrics").body();
    assertTrue(metrics.contains("maintd_campaigns{status=\"completed\"} 1.0"), metrics);
    for (int i = 1; i <= 8; i++) {
      Map<String, Object> node = cluster.node("n" + i);
      assertEquals(false, node.get("drained"), "n" + i + " undrained: " + node);
    }
  }

  @Test
  void theDaemonOnTheNewMasterGoesOnWhenTheOldOneStops() throws Exception {
    cluster.followMaster = false;
    cluster.startDaemon();
    String id = (String) startCampaign("{\"soak\": 0.2, \"nodes\": [\"n1\", \"n3\"]}").get("id");
    int code = cluster.daemon().exit().get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertEquals(11, code, "the old master's daemon exits as not the master");
    String master = java.nio.file.Files.readString(dir.resolve("master")).strip();
    assertFalse(master.equals("n1"), "the simulated nodes now name the new master");
    assertEquals(
        0,
        rebootCountsFromFile().getOrDefault("n1", 0),
        "n1 not rebooted by the daemon that stopped");
    cluster.stopDaemon();
    cluster.node = master;
    cluster.startDaemon();
    awaitCampaign(
        id, "completed by the new master's daemon", c -> "completed".equals(c.get("status")));
    assertEquals(Map.of("n1", 1, "n3", 1), rebootCounts());
  }

  @Test
  void resumesAfterARestartWithoutRebootingANodeTwice() throws Exception {
    cluster.startDaemon();
    String id = (String) startCampaign("{\"soak\": 1}").get("id");
    awaitCampaign(id, "a node soaking after its reboot", c -> nodes(c).containsValue("soak"));
    cluster.stopDaemon();
    cluster.startDaemon();
    Map<String, Object> resumed = campaign(id);
    assertTrue(
        nodes(resumed).containsValue("soak"), "read back where it was: " + resumed.get("nodes"));
    awaitCampaign(id, "completed after the restart", c -> "completed".equals(c.get("status")));
    rebootCounts()
        .forEach(
            (node, count) ->
                assertEquals(1, count, node + " rebooted once, not again after the restart"));
    assertEquals(8, rebootCounts().size());
  }

  @Test
  void aNodeThatStaysDownStopsTheCampaignAndNothingFurtherIsRebooted() throws Exception {
    cluster.startDaemon();
    assertEquals(
        200,
        cluster.signedPost("/1/sim/fail", "{\"op\": \"boot\", \"node\": \"n3\"}").statusCode());
    String id =
        (String)
            startCampaign(
                    "{\"soak\": 0.2, \"boot_timeout\": \"2s\", \"nodes\": [\"n2\", \"n3\", \"n4\", \"n5\"]}")
                .get("id");
    Map<String, Object> failed = awaitCampaign(id, "failed", c -> "failed".equals(c.get("status")));
    assertTrue(
        failed.get("reason").toString().contains("node n3 did not come back within 2000ms"),
        failed.toString());
    int groupOfN3 = groupOf(failed, "n3");
    Map<String, Integer> reboots = rebootCounts();
    for (Object n : (List<?>) failed.get("nodes")) {
      Map<?, ?> node = (Map<?, ?>) n;
      if (((Number) node.get("group")).intValue() > groupOfN3) {
        assertFalse(
            reboots.containsKey(node.get("name")),
            node + " of a later group was rebooted: " + reboots);
        assertEquals("skipped", node.get("phase"));
      }
    }
    assertEquals(
        true, cluster.node("n3").get("drained"), "the node that did not come back stays drained");
    assertEquals(200, cluster.signedPost("/1/sim/power-on", "{\"node\": \"n3\"}").statusCode());
  }

  @Test
  void pauseHoldsEveryStepAndAbortBringsTheGroupBack() throws Exception {
    cluster.startDaemon();
    String id = (String) startCampaign("{\"soak\": 2, \"max_nodes\": 1}").get("id");
    awaitCampaign(id, "a node soaking", c -> nodes(c).containsValue("soak"));
    HttpResponse<String> paused = cluster.signedPost("/1/campaigns/" + id + "/pause", "");
    assertEquals(200, paused.statusCode(), paused.body());
    int jobs = cluster.simJobs().size();
    cluster.awaitTicks(5);
    assertEquals(jobs, cluster.simJobs().size(), "no job while paused");
    assertEquals("paused", campaign(id).get("status"));
    assertEquals(
        409,
        cluster.signedPost("/1/campaigns/" + id + "/pause", "").statusCode(),
        "pausing twice conflicts");
    assertEquals(200, cluster.signedPost("/1/campaigns/" + id + "/resume", "").statusCode());
    assertEquals(200, cluster.signedPost("/1/campaigns/" + id + "/abort", "").statusCode());
    Map<String, Object> aborted =
        awaitCampaign(id, "aborted", c -> "aborted".equals(c.get("status")));
    assertEquals(
        1,
        rebootCounts().values().stream().mapToInt(Integer::intValue).sum(),
        "only the first node was rebooted");
    assertTrue(((Map<?, ?>) aborted.get("progress")).get("skipped").equals(7L), aborted.toString());
    for (int i = 1; i <= 8; i++) {
      assertEquals(false, cluster.node("n" + i).get("drained"), "n" + i + " back in service");
    }
    assertEquals(409, cluster.signedPost("/1/campaigns/" + id + "/resume", "").statusCode());
  }

  @Test
  void refusesBadRequestsWithTheReason() throws Exception {
    cluster.startDaemon();
    assertError(400, "unknown field 'speed'", cluster.signedPost("/1/campaigns", "{\"speed\": 3}"));
    assertError(
        400,
        "'mode' must be migrate-reboot or full-evacuation",
        cluster.signedPost("/1/campaigns", "{\"mode\": \"yolo\"}"));
    assertError(400, "no node 'n99'", cluster.signedPost("/1/campaigns", "{\"nodes\": [\"n99\"]}"));
    assertError(
        400,
        "window '25:00-26:00'",
        cluster.signedPost("/1/campaigns", "{\"windows\": [\"25:00-26:00\"]}"));
    assertError(400, "'soak'", cluster.signedPost("/1/campaigns", "{\"soak\": \"soon\"}"));
    assertError(400, "request body is not JSON", cluster.signedPost("/1/campaigns", "{"));
    assertEquals(
        401,
        cluster.post("/1/campaigns", "{}", java.net.http.HttpRequest.newBuilder()).statusCode());
    String id = (String) startCampaign("{\"windows\": [\"" + closedWindow() + "\"]}").get("id");
    assertError(409, "campaign " + id + " is running", cluster.signedPost("/1/campaigns", "{}"));
    assertError(404, "no campaign nope", cluster.signedPost("/1/campaigns/nope/pause", ""));
    assertEquals(404, cluster.getRaw("/1/campaigns/nope").statusCode());
    awaitCampaign(
        id, "waiting for its window", c -> c.get("next").toString().contains("waits for a window"));
    assertTrue(cluster.simJobs().isEmpty(), "nothing happens outside the window");
  }

  private static String closedWindow() {
    java.time.LocalTime now = java.time.LocalTime.now(java.time.ZoneOffset.UTC);
    java.time.LocalTime start = now.plusHours(2).withSecond(0).withNano(0);
    return String.format(
        "%02d:%02d-%02d:%02d",
        start.getHour(), start.getMinute(), start.plusHours(1).getHour(), start.getMinute());
  }

  private static void assertError(int status, String text, HttpResponse<String> r) {
    assertEquals(status, r.statusCode(), r.body());
    assertTrue(r.body().contains(text), r.body());
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> startCampaign(String body) throws Exception {
    HttpResponse<String> r = cluster.signedPost("/1/campaigns", body);
    assertEquals(200, r.statusCode(), r.body());
    return (Map<String, Object>) Json.parse(r.body());
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> campaign(String id) throws Exception {
    return (Map<String, Object>) cluster.get("/1/campaigns/" + id);
  }

  private Map<String, Object> awaitCampaign(
      String id, String what, Predicate<Map<String, Object>> match) throws Exception {
    List<Map<String, Object>> seen = new ArrayList<>();
    cluster.awaitTrue(
        "campaign " + what,
        () -> {
          Map<String, Object> c = campaign(id);
          seen.add(0, c);
          return match.test(c);
        });
    return seen.get(0);
  }

  private static Map<String, String> nodes(Map<String, Object> campaign) {
    Map<String, String> phases = new HashMap<>();
    for (Object n : (List<?>) campaign.get("nodes")) {
      phases.put((String) ((Map<?, ?>) n).get("name"), (String) ((Map<?, ?>) n).get("phase"));
    }
    return phases;
  }

  private static int groupOf(Map<String, Object> campaign, String node) {
    for (Object n : (List<?>) campaign.get("nodes")) {
      if (((Map<?, ?>) n).get("name").equals(node)) {
        return ((Number) ((Map<?, ?>) n).get("group")).intValue();
      }
    }
    throw new AssertionError(node + " not in the campaign");
  }

  private Map<String, String> primaries() throws Exception {
    Map<String, String> out = new HashMap<>();
    for (Object i : (List<?>) cluster.get("/1/instances")) {
      out.put((String) ((Map<?, ?>) i).get("name"), (String) ((Map<?, ?>) i).get("primary_node"));
    }
    return out;
  }

  private List<Map<?, ?>> operations() throws Exception {
    List<Map<?, ?>> ops = new ArrayList<>();
    for (Map<String, Object> job : cluster.simJobs()) {
      if ("success".equals(job.get("status"))) {
        ((List<?>) job.get("operations")).forEach(o -> ops.add((Map<?, ?>) o));
      }
    }
    return ops;
  }

  /** Reboots in the simulated cluster's own file, for when no daemon answers. */
  private Map<String, Integer> rebootCountsFromFile() throws Exception {
    String sim = java.nio.file.Files.readString(dir.resolve("state/sim/cluster.json"));
    Map<String, Integer> counts = new HashMap<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\\{\"op\":\"reboot\",\"node\":\"(\\w+)\"\\}").matcher(sim);
    while (m.find()) {
      counts.merge(m.group(1), 1, Integer::sum);
    }
    return counts;
  }

  private Map<String, Integer> rebootCounts() throws Exception {
    Map<String, Integer> counts = new HashMap<>();
    for (Map<?, ?> op : operations()) {
      if ("reboot".equals(op.get("op"))) {
        counts.merge((String) op.get("node"), 1, Integer::sum);
      }
    }
    return counts;
  }

  private int indexOf(String kind, String... node) throws Exception {
    List<Map<?, ?>> ops = operations();
    for (int i = 0; i < ops.size(); i++) {
      if (kind.equals(ops.get(i).get("op"))
          && (node.length == 0 || node[0].equals(ops.get(i).get("node")))) {
        return i;
      }
    }
    throw new AssertionError("no " + kind + " operation in " + ops);
  }

  private static void assertNoDrbdPairShareAGroup(List<?> groups) {
    List<List<String>> pairs =
        List.of(
            List.of("n2", "n3"),
            List.of("n4", "n5"),
            List.of("n6", "n7"),
            List.of("n8", "n2"),
            List.of("n1", "n4"));
    for (Object g : groups) {
      for (List<String> pair : pairs) {
        assertFalse(((List<?>) g).containsAll(pair), "DRBD pair " + pair + " in one group " + g);
      }
    }
  }
}
