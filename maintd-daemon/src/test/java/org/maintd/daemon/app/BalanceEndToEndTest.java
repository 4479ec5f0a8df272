package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.testing.TestCluster;

/** Balancing in the daemon with the sim backend: node n2 carries most instances. */
class BalanceEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.balance = true;
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "selectInstances, 'web1,nosuch', nosuch",
    "excludeInstances, 'db1,web,foo', 'web, foo'",
  })
  void namesInTheBalancingSwitchesThatNameNoInstanceRefuseTheStartWithTheirKey(
      String key, String names, String unknown) {
    List<String> named = List.of(names.split(","));
    cluster.balancing =
        key.equals("selectInstances")
            ? cluster.balancing.withSelectInstances(named)
            : cluster.balancing.withExcludeInstances(named);
    StartupException e = assertThrows(StartupException.class, cluster::startDaemon);
    assertEquals(ExitCodes.USAGE, e.exitCode());
    assertTrue(
        e.getMessage().startsWith("balance." + key + ": no instance " + unknown + " in the"),
        e.getMessage());
  }

  @Test
  void movesInstancesOffTheCrowdedNodeInRoundsOfBalancingJobs() throws Exception {
    int before = 4; // web1, web2, db1 and scratch, in TestCluster.CLUSTER
    cluster.startDaemon();
    cluster.awaitTrue(
        "balancing jobs ran",
        () ->
            cluster.simJobs().stream()
                .anyMatch(
                    j ->
                        j.get("reason").toString().contains("balancing: ")
                            && "success".equals(j.get("status"))));
    cluster.awaitTrue(
        "n2 carries fewer primaries",
        () -> ((List<?>) cluster.node("n2").get("primary_instances")).size() < before);
    for (Map<String, Object> job : cluster.simJobs()) {
      assertTrue(
          List.of("success", "running").contains(job.get("status")),
          "no balancing job fails: " + job);
    }
    cluster.awaitTrue(
        "the plan reports the score",
        () ->
            ((List<Map<String, Object>>) ((Map<?, ?>) cluster.get("/1/plan")).get("items"))
                .stream()
                    .anyMatch(
                        i ->
                            "balance".equals(i.get("kind"))
                                && i.get("next").toString().startsWith("score ")));
    String metrics = cluster.getRaw("/metrics").body();
    assertTrue(metrics.contains("owner=\"balance\""), metrics);
  }

  /**
   * With {@code balance.load}, the daemon asks every collector for its CPU load and weighs it as
   * hbal weighs mond's: three nodes that carry alike are left alone while they are idle; once n3's
   * collector reports twelve of its sixteen CPUs busy, an instance moves off n3, and the plan says
   * the load was weighed.
   */
  @Test
  void anInstanceMovesOffTheNodeWhoseCollectorReportsItLoaded() throws Exception {
    cluster.close();
    cluster =
        new TestCluster(
            Files.createDirectories(tmp.resolve("alike")),
            String.join(
                    "\n",
                    "default|g-uuid|preferred||",
                    "",
                    "n1|16384|1024|13312|200000|140000|16|M|g-uuid|1||N|0|1|1.0",
                    "n2|16384|1024|13312|200000|140000|16|N|g-uuid|1||N|0|1|1.0",
                    "n3|16384|1024|13312|200000|140000|16|N|g-uuid|1||N|0|1|1.0",
                    "",
                    "a1|1024|10000|4|running|Y|n1|n2|drbd||1|-|N",
                    "a2|1024|10000|4|running|Y|n2|n3|drbd||1|-|N",
                    "a3|1024|10000|4|running|Y|n3|n1|drbd||1|-|N",
                    "b1|1024|10000|4|running|Y|n1|n3|drbd||1|-|N",
                    "b2|1024|10000|4|running|Y|n2|n1|drbd||1|-|N",
                    "b3|1024|10000|4|running|Y|n3|n2|drbd||1|-|N",
                    "",
                    "",
                    "")
                + "\n");
    cluster.balance = true;
    cluster.balanceLoad = true;
    cluster.startDaemon();
    cluster.awaitTrue(
        "a plan weighs the measured load", () -> balanceItem().contains("by measured CPU load"));
    cluster.awaitTicks(3);
    assertTrue(cluster.simJobs().isEmpty(), "idle nodes that carry alike: " + cluster.simJobs());
    cluster.load("n3", 12);
    cluster.awaitTrue(
        "an instance moved off n3",
        () ->
            cluster.simJobs().stream()
                .anyMatch(
                    j ->
                        j.get("reason").toString().matches(".*balancing: [ab]3 n3:.*")
                            && "success".equals(j.get("status"))));
  }

  private String balanceItem() throws Exception {
    return ((List<Map<String, Object>>) ((Map<?, ?>) cluster.get("/1/plan")).get("items"))
        .stream()
            .filter(i -> "balance".equals(i.get("kind")))
            .map(i -> i.get("next").toString())
            .findFirst()
            .orElse("");
  }

  /**
   * n2 carries most instances, but its repair fails: balancing leaves it alone, neither moving its
   * instances nor moving anything onto it, and the plan says so.
   */
  @Test
  void aNodeWhoseRepairFailedIsNeverTouchedByBalancing() throws Exception {
    cluster.report("n2", "{\"status\": \"live-repair\", \"command\": \"demo-fail\"}");
    cluster.startDaemon();
    cluster.awaitIncident("failed repair on n2", TestCluster.on("n2", "failed"));
    cluster.awaitTrue(
        "a round balances beside the failed node",
        () ->
            ((List<Map<String, Object>>) ((Map<?, ?>) cluster.get("/1/plan")).get("items"))
                .stream()
                    .anyMatch(
                        i ->
                            "balance".equals(i.get("kind"))
                                && i.get("next")
                                    .toString()
                                    .endsWith("; untouched after a failed repair: n2")));
    cluster.awaitTicks(3);
    for (Map<String, Object> job : cluster.simJobs()) {
      String reason = job.get("reason").toString();
      assertFalse(
          reason.contains("balancing: ") && reason.contains("n2"), "n2 is left alone: " + job);
    }
    assertEquals(4, ((List<?>) cluster.node("n2").get("primary_instances")).size());
  }
}
