package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.safety.StormGuard;

/** The storm guard and the per-group cap, with the sim backend and real collectors. */
class SafetyEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.storm = new StormGuard(30);
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  @Test
  void aStormPausesEverythingUntilTheOperatorResumesThenTheCapAllowsOneNodeAtATime()
      throws Exception {
    // 2 of 5 nodes (40%) report evacuate in the same poll: more than the 30% threshold.
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    cluster.report("n3", "{\"status\": \"evacuate\"}");
    cluster.startDaemon();
    cluster.awaitTrue(
        "the storm guard to pause",
        () -> Boolean.TRUE.equals(((Map<?, ?>) cluster.get("/1/paused")).get("paused")));
    Map<?, ?> paused = (Map<?, ?>) cluster.get("/1/paused");
    assertTrue(
        paused.get("reason").toString().startsWith("storm guard: 2 of 5 online nodes (40%)"),
        paused.toString());
    assertTrue(paused.get("reason").toString().contains("(n2, n3)"), paused.toString());
    cluster.awaitTrue("both incidents noted", () -> cluster.incidents().size() == 2);
    for (Map<String, Object> inc : cluster.incidents()) {
      assertEquals("noted", inc.get("repair-status"), inc.toString());
      assertTrue(inc.get("next").toString().startsWith("paused: storm guard"), inc.toString());
    }
    Map<String, Object> n2 = cluster.node("n2");
    assertEquals(false, n2.get("drained"));
    assertEquals(true, n2.get("paused"));
    assertTrue(n2.get("pause_reason").toString().startsWith("storm guard"), n2.toString());
    assertEquals(List.of(), cluster.simJobs(), "nothing is submitted during a storm");
    var metrics = cluster.getRaw("/metrics");
    assertEquals(200, metrics.statusCode());
    assertTrue(
        metrics.headers().firstValue("content-type").orElse("").startsWith("text/plain"),
        metrics.headers().toString());
    assertTrue(metrics.body().contains("\nmaintd_storm 1.0\n"), metrics.body());
    assertTrue(metrics.body().contains("\nmaintd_paused 1.0\n"), metrics.body());
    assertTrue(metrics.body().contains("maintd_incidents{status=\"noted\"} 2.0"), metrics.body());
    assertTrue(metrics.body().contains("maintd_collectors{health=\"ok\"} 5.0"), metrics.body());
    Map<?, ?> plan = (Map<?, ?>) cluster.get("/1/plan");
    assertTrue(plan.get("held_back").toString().startsWith("paused: storm guard"), plan.toString());
    List<?> jobs = (List<?>) plan.get("jobs");
    assertEquals(1, jobs.size(), "only one drain fits under the cap: " + jobs);
    assertEquals(
        "drain",
        ((Map<?, ?>) ((List<?>) ((Map<?, ?>) jobs.get(0)).get("operations")).get(0)).get("kind"),
        plan.toString());
    List<?> items = (List<?>) plan.get("items");
    assertTrue(
        items.stream().anyMatch(i -> ((Map<?, ?>) i).get("next").toString().contains("safety cap")),
        items.toString());

    assertEquals(200, cluster.signedPost("/1/resume", "").statusCode());
    // The faults persist, but the operator resumed: the guard waits for a calm poll to re-arm.
    // The cap (one node per group) lets one evacuation run; the other waits for it.
    cluster.awaitTrue(
        "one node drained",
        () ->
            Boolean.TRUE.equals(cluster.node("n2").get("drained"))
                || Boolean.TRUE.equals(cluster.node("n3").get("drained")));
    cluster.awaitTrue(
        "the other incident names the cap",
        () ->
            cluster.incidents().stream()
                .anyMatch(i -> i.get("next").toString().contains("safety cap")));
    Map<String, Object> waiting =
        cluster.incidents().stream()
            .filter(i -> i.get("next").toString().contains("safety cap"))
            .findFirst()
            .orElseThrow();
    String other = waiting.get("node").equals("n2") ? "n3" : "n2";
    assertTrue(
        waiting
            .get("next")
            .toString()
            .contains("group default already has 1 node(s) out of service (" + other + ")"),
        waiting.toString());
    assertFalse(Boolean.TRUE.equals(cluster.node((String) waiting.get("node")).get("drained")));
    cluster.awaitIncident("the first evacuation completes", on(other, "completed"));
    String after = cluster.getRaw("/metrics").body();
    assertTrue(
        after.contains(
            "maintd_jobs_total{kind=\"drain\",owner=\"incident\",result=\"success\"} 1.0"),
        after);
    assertTrue(after.contains("\nmaintd_paused 0.0\n"), after);
    assertEquals(false, ((Map<?, ?>) cluster.get("/1/paused")).get("paused"));
  }

  @Test
  void theOperatorsResumeHoldsThroughARestartInTheSameStorm() throws Exception {
    cluster.storm = new StormGuard(30);
    cluster.report("n2", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
    cluster.report("n3", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
    cluster.startDaemon();
    cluster.awaitTrue(
        "the storm guard to pause",
        () -> Boolean.TRUE.equals(((Map<?, ?>) cluster.get("/1/paused")).get("paused")));
    assertEquals(200, cluster.signedPost("/1/resume", "").statusCode());
    cluster.awaitIncident("repairs run after the resume", on("n2", "completed"));
    cluster.stopDaemon();
    cluster.startDaemon();
    cluster.awaitTicks(3);
    assertEquals(
        false,
        ((Map<?, ?>) cluster.get("/1/paused")).get("paused"),
        "the same storm does not pause again");
    assertEquals(1.0, storm(), "the storm is still shown");
    cluster.report("n2", "{\"status\": \"Ok\"}");
    cluster.report("n3", "{\"status\": \"Ok\"}");
    cluster.awaitTrue("a calm poll re-arms the guard", () -> storm() == 0.0);
    cluster.report("n4", "{\"status\": \"evacuate\"}");
    cluster.report("n5", "{\"status\": \"evacuate\"}");
    cluster.awaitTrue(
        "a new storm pauses again",
        () -> Boolean.TRUE.equals(((Map<?, ?>) cluster.get("/1/paused")).get("paused")));
  }

  @Test
  void staleNotedIncidentsCloseWhileAutomaticActionsArePausedSoOnlyTheLatestRunsAfterTheResume()
      throws Exception {
    cluster.startDaemon();
    assertEquals(200, cluster.signedPost("/1/pause", "").statusCode());
    for (int i = 0; i < 5; i++) {
      int attempt = i;
      cluster.report(
          "n4",
          "{\"status\": \"live-repair\", \"command\": \"demo-fix\", \"details\": {\"try\": "
              + i
              + "}}");
      cluster.awaitTrue(
          "report " + i + " noted",
          () ->
              cluster.incidents().stream()
                  .anyMatch(
                      inc ->
                          ((Map<?, ?>) inc.get("original"))
                              .get("details")
                              .equals(Map.of("try", (long) attempt))));
    }
    assertEquals(
        1,
        cluster.incidents().size(),
        "the older reports closed as transient: " + cluster.incidents());
    assertEquals(200, cluster.signedPost("/1/resume", "").statusCode());
    Map<String, Object> done =
        cluster.awaitIncident("the latest repair runs", on("n4", "completed"));
    assertEquals(Map.of("try", 4L), ((Map<?, ?>) done.get("original")).get("details"));
    cluster.awaitTicks(3);
    assertEquals(1L, repairsRun("n4"), "one repair ran");
  }

  private long repairsRun(String node) throws Exception {
    try (var files = Files.list(tmp.resolve("results/" + node))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".started")).count();
    }
  }

  private double storm() throws Exception {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?m)^maintd_storm ([0-9.]+)$")
            .matcher(cluster.getRaw("/metrics").body());
    return m.find() ? Double.parseDouble(m.group(1)) : -1;
  }
}
