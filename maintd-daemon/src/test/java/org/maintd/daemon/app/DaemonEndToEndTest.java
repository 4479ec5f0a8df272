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

/** The daemon with the sim backend and real collectors running real scripts, over loopback. */
class DaemonEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  @Test
  void evacuatesANodeDrainingMovingEveryInstanceAndTaggingIt() throws Exception {
    cluster.startDaemon();
    assertEquals(List.of(), cluster.incidents());
    cluster.report("n2", "{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}}");
    Map<String, Object> done =
        cluster.awaitIncident("evacuation of n2 to complete", on("n2", "completed"));
    String uuid = (String) done.get("uuid");
    Map<String, Object> n2 = cluster.node("n2");
    assertEquals(true, n2.get("offline"));
    assertEquals(true, n2.get("drained"));
    assertEquals(List.of(), n2.get("primary_instances"));
    assertEquals(List.of(), n2.get("secondary_instances"));
    assertTrue(((List<?>) n2.get("tags")).contains("maintd:repairready:" + uuid));
    assertEquals(List.of("n2"), cluster.get("/1/evacuated"));
    assertEquals(Map.of("disk", "sdb"), ((Map<?, ?>) done.get("original")).get("details"));
    assertEquals("n2", done.get("node"), "the node by name, as ganeti-maintd gives it");
    assertEquals(n2.get("uuid"), done.get("node_uuid"));
    assertTrue(java.util.UUID.fromString((String) done.get("node_uuid")) != null);
    List<Map<String, Object>> jobs = cluster.simJobs();
    long rounds =
        jobs.stream()
            .map(j -> j.get("key").toString().replaceAll(".*-r(\\d+)-\\d+$", "$1"))
            .distinct()
            .count();
    assertTrue(
        rounds <= 4, "an evacuation takes a handful of rounds, not one per instance: " + rounds);
    for (Map<String, Object> job : jobs) {
      assertEquals("success", job.get("status"), job.toString());
      List<?> reason = (List<?>) ((List<?>) job.get("reason")).get(0);
      assertEquals("gnt:daemon:maintd", reason.get(0));
      assertTrue(((String) reason.get(1)).contains(uuid), reason.toString());
    }
    assertEquals(
        jobs.stream().map(j -> Long.parseLong(j.get("id").toString())).toList(),
        ((List<?>) done.get("jobs")).stream().map(j -> ((Number) j).longValue()).toList(),
        "/1/status gives the Ganeti job numbers, as numbers");
  }

  @Test
  void theMastersOwnEvacuationMovesTheMasterRoleFirstAndTheDaemonGoesOn() throws Exception {
    cluster.close();
    cluster =
        new TestCluster(
            Files.createDirectories(tmp.resolve("with-m1")),
            TestCluster.CLUSTER.replace(
                "web1|", "m1|1024|10000|1|running|Y|n1|n5|drbd||1|-|N\nweb1|"));
    cluster.startDaemon();
    cluster.report("n1", "{\"status\": \"evacuate\"}");
    Map<String, Object> done =
        cluster.awaitIncident("the master's evacuation to complete", on("n1", "completed"));
    Map<String, Object> n1 = cluster.node("n1");
    assertEquals(false, n1.get("master"), "the master role moved off n1");
    assertEquals(true, n1.get("offline"));
    assertEquals(List.of(), n1.get("primary_instances"));
    assertEquals(List.of(), n1.get("secondary_instances"));
    assertTrue(
        done.get("history").toString().contains("move the master role from n1 to"),
        done.get("history").toString());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> nodes = (List<Map<String, Object>>) cluster.get("/1/nodes");
    assertEquals(
        1,
        nodes.stream().filter(n -> Boolean.TRUE.equals(n.get("master"))).count(),
        nodes.toString());
    assertFalse("n1".equals(cluster.daemon().node()), "the daemon went on as the new master's");
  }

  @Test
  void evacuateFailoverFailsOverRunningAndStoppedInstances() throws Exception {
    cluster.startDaemon();
    cluster.report("n2", "{\"status\": \"evacuate-failover\"}");
    cluster.awaitIncident("evacuate-failover of n2", on("n2", "completed"));
    List<String> ops =
        cluster.simJobs().stream()
            .flatMap(j -> ((List<Map<String, Object>>) j.get("operations")).stream())
            .map(o -> o.get("op") + " " + o.getOrDefault("instance", o.get("node")))
            .toList();
    assertTrue(ops.contains("failover web1"), ops.toString());
    assertTrue(ops.contains("failover web2"), ops.toString());
    assertTrue(ops.contains("failover db1"), ops.toString());
    assertFalse(ops.stream().anyMatch(o -> o.startsWith("migrate")), ops.toString());
  }

  @Test
  void aLiveRepairRunsTheWhitelistedCommandOnTheNode() throws Exception {
    cluster.startDaemon();
    cluster.report("n4", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
    Map<String, Object> done = cluster.awaitIncident("live repair on n4", on("n4", "completed"));
    assertTrue(
        Files.exists(tmp.resolve("results/n4/" + done.get("uuid") + ".json")),
        "the collector ran the repair");
    assertTrue(
        ((List<?>) cluster.node("n4").get("tags"))
            .contains("maintd:repairready:" + done.get("uuid")));
    assertEquals(List.of(), cluster.simJobs(), "a live repair submits no cluster job");
  }

  @Test
  void aFailingRepairFailsTheIncidentTagsTheNodeAndSubmitsNothingMore() throws Exception {
    cluster.startDaemon();
    cluster.report("n4", "{\"status\": \"live-repair\", \"command\": \"demo-fail\"}");
    Map<String, Object> failed = cluster.awaitIncident("failed repair on n4", on("n4", "failed"));
    cluster.awaitTrue(
        "repairfailed tag on n4",
        () ->
            ((List<?>) cluster.node("n4").get("tags"))
                .contains("maintd:repairfailed:" + failed.get("uuid")));
    assertTrue(
        ((List<?>) failed.get("history")).toString().contains("exited with 1"), failed.toString());
    List<?> repairs = (List<?>) failed.get("repairs");
    assertEquals(1, repairs.size(), "the collector's repair: " + failed);
    assertTrue(repairs.get(0).toString().startsWith("repair:"), repairs.toString());
    assertEquals(List.of(), failed.get("jobs"), "a collector's repair is no Ganeti job");
    cluster.awaitTicks(3);
    assertEquals(repairs, cluster.incidents().get(0).get("repairs"), "nothing more is submitted");
  }

  @Test
  void anInjectedJobFailureFailsTheEvacuation() throws Exception {
    cluster.startDaemon();
    assertEquals(
        200,
        cluster
            .signedPost("/1/sim/fail", "{\"op\": \"migrate\", \"instance\": \"web1\"}")
            .statusCode());
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    Map<String, Object> failed = cluster.awaitIncident("evacuation to fail", on("n2", "failed"));
    assertTrue(
        failed.get("history").toString().contains("injected failure of migrate"),
        failed.toString());
    cluster.awaitTrue(
        "repairfailed tag",
        () ->
            ((List<?>) cluster.node("n2").get("tags"))
                .contains("maintd:repairfailed:" + failed.get("uuid")));
    int jobs = cluster.simJobs().size();
    cluster.awaitTicks(3);
    assertEquals(jobs, cluster.simJobs().size(), "no job after the failure");
    assertEquals(false, cluster.node("n2").get("offline"));
  }

  @Test
  void removingRepairfailedForgetsTheIncidentAndAStillReportedFaultStartsAgain() throws Exception {
    cluster.startDaemon();
    cluster.report("n4", "{\"status\": \"live-repair\", \"command\": \"demo-fail\"}");
    Map<String, Object> first = cluster.awaitIncident("failed repair", on("n4", "failed"));
    cluster.awaitTrue(
        "tagged", () -> ((List<?>) cluster.node("n4").get("tags")).contains(first.get("tag")));
    cluster.signedPost(
        "/1/sim/tags",
        "{\"node\": \"n4\", \"action\": \"remove\", \"tag\": \"" + first.get("tag") + "\"}");
    cluster.awaitIncident(
        "a new incident for the same fault", i -> !i.get("uuid").equals(first.get("uuid")));
    assertFalse(
        cluster.incidents().stream().anyMatch(i -> i.get("uuid").equals(first.get("uuid"))));
  }

  @Test
  void removingRepairreadyForgetsTheIncidentOnlyOnceTheFaultIsGone() throws Exception {
    cluster.startDaemon();
    cluster.report("n4", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
    Map<String, Object> done = cluster.awaitIncident("repair", on("n4", "completed"));
    assertEquals(
        200, cluster.signedPost("/1/incidents/" + done.get("uuid") + "/ack", "").statusCode());
    cluster.awaitTrue(
        "acknowledged",
        () ->
            cluster.incidents().stream().anyMatch(i -> Boolean.TRUE.equals(i.get("acknowledged"))));
    cluster.awaitTicks(3);
    assertEquals(1, cluster.incidents().size(), "still reported: kept, completed, nothing re-run");
    assertEquals("completed", cluster.incidents().get(0).get("repair-status"));
    cluster.report("n4", "{\"status\": \"Ok\"}");
    cluster.awaitTrue("forgotten", () -> cluster.incidents().isEmpty());
  }

  @Test
  void cancelStopsNewJobsAndTheIncidentIsForgottenOnceCleared() throws Exception {
    cluster.startDaemon();
    assertEquals(200, cluster.signedPost("/1/pause", "").statusCode());
    cluster.report("n3", "{\"status\": \"evacuate\"}");
    Map<String, Object> noted = cluster.awaitIncident("incident on n3", on("n3", "noted"));
    assertTrue(noted.get("next").toString().startsWith("paused"), noted.toString());
    assertEquals(
        200, cluster.signedPost("/1/incidents/" + noted.get("uuid") + "/cancel", "").statusCode());
    assertEquals(200, cluster.signedPost("/1/resume", "").statusCode());
    cluster.awaitIncident("canceled", on("n3", "canceled"));
    cluster.awaitTicks(3);
    assertEquals(List.of(), cluster.simJobs(), "no job for a canceled incident");
    assertEquals(
        409, cluster.signedPost("/1/incidents/" + noted.get("uuid") + "/cancel", "").statusCode());
    cluster.report("n3", "{\"status\": \"Ok\"}");
    cluster.awaitTrue("forgotten", () -> cluster.incidents().isEmpty());
    assertEquals(
        404, cluster.signedPost("/1/incidents/" + noted.get("uuid") + "/cancel", "").statusCode());
  }

  @Test
  void aTransientReportClosesWithoutAnyJob() throws Exception {
    cluster.startDaemon();
    assertEquals(200, cluster.signedPost("/1/pause", "").statusCode());
    cluster.report("n5", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
    cluster.awaitIncident("noted", on("n5", "noted"));
    cluster.report("n5", "{\"status\": \"Ok\"}");
    cluster.awaitTrue("closed", () -> cluster.incidents().isEmpty());
    assertEquals(List.of(), cluster.simJobs());
  }

  @Test
  void anEvacuationSupersedesAPendingLiveRepair() throws Exception {
    cluster.startDaemon();
    cluster.report("n2", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
    cluster.awaitIncident("live repair noted", i -> i.get("node").equals("n2"));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    Map<String, Object> evac =
        cluster.awaitIncident("evacuation", i -> i.get("action").equals("evacuate"));
    // superseded, the live repair is canceled; no longer reported, it is forgotten at the next poll
    cluster.incidents().stream()
        .filter(i -> i.get("action").equals("live-repair"))
        .filter(i -> !i.get("repair-status").equals("completed"))
        .forEach(
            repair -> {
              assertEquals("canceled", repair.get("repair-status"));
              assertTrue(
                  repair.get("history").toString().contains("superseded by " + evac.get("uuid")));
            });
    cluster.awaitIncident(
        "evacuation completes",
        i -> i.get("action").equals("evacuate") && i.get("repair-status").equals("completed"));
    assertTrue(
        cluster.incidents().stream()
            .noneMatch(
                i ->
                    i.get("action").equals("live-repair")
                        && i.get("repair-status").equals("canceled")),
        "a canceled incident no longer reported is forgotten: " + cluster.incidents());
  }

  @Test
  void aGenuineReportOfOneNodeServedAtAnothersAddressIsRefusedAsWrongNode() throws Exception {
    cluster.serveAs("n5", "n4");
    cluster.startDaemon();
    cluster.report("n4", "{\"status\": \"evacuate\"}");
    cluster.awaitTrue(
        "n5's poll rejected",
        () -> "rejected".equals(((Map<?, ?>) cluster.node("n5").get("collector")).get("health")));
    assertEquals(
        "wrong-node: the report is node n4's, not n5's",
        ((Map<?, ?>) cluster.node("n5").get("collector")).get("detail"));
    cluster.awaitTrue("three polls rejected it", () -> rejected("wrong-node") >= 3);
    cluster.awaitIncident("n4's own report opens n4's incident", on("n4", "completed"));
    assertTrue(
        cluster.incidents().stream().noneMatch(i -> i.get("node").equals("n5")),
        cluster.incidents().toString());
    assertEquals("UP", cluster.node("n5").get("mode"));
  }

  @Test
  void aDiagnoseSlowerThanThePollShowsAsTimedOutNotAsAnUnreachableCollector() throws Exception {
    Path slow = tmp.resolve("nodes/n3/diagnose");
    Files.writeString(slow, "#!/bin/sh\nsleep 30\necho '{\"status\": \"evacuate\"}'\n");
    cluster.startDaemon();
    cluster.awaitTicks(1);
    cluster.awaitTrue(
        "n3's slow command shows",
        () ->
            "collector-error"
                .equals(((Map<?, ?>) cluster.node("n3").get("collector")).get("health")));
    String detail = ((Map<?, ?>) cluster.node("n3").get("collector")).get("detail").toString();
    assertTrue(detail.matches("diagnose command 'diagnose': timed out after 1750 ms"), detail);
    assertEquals(List.of(), cluster.incidents());
  }

  @Test
  void aReportSignedWithAnotherKeyCreatesNoIncident() throws Exception {
    Path otherKey = tmp.resolve("other.key");
    Files.writeString(otherKey, "not-the-cluster-key");
    Files.setPosixFilePermissions(
        otherKey, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    cluster.startCollector("n5", otherKey);
    cluster.startDaemon();
    cluster.report("n5", "{\"status\": \"evacuate\"}");
    cluster.awaitTrue(
        "n5 rejected",
        () -> "rejected".equals(((Map<?, ?>) cluster.node("n5").get("collector")).get("health")));
    assertTrue(
        ((Map<?, ?>) cluster.node("n5").get("collector"))
            .get("detail")
            .toString()
            .contains("bad-signature"));
    cluster.awaitTrue(
        "three polls rejected the forged report", () -> rejected("bad-signature") >= 3);
    assertEquals(List.of(), cluster.incidents());
  }

  private double rejected(String reason) throws Exception {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "maintd_reports_rejected_total\\{reason=\"" + reason + "\"\\} ([0-9.]+)")
            .matcher(cluster.getRaw("/metrics").body());
    return m.find() ? Double.parseDouble(m.group(1)) : 0;
  }

  @Test
  void survivesARestartWithItsIncidentsAndTheSimulatedCluster() throws Exception {
    cluster.startDaemon();
    cluster.report("n4", "{\"status\": \"live-repair\", \"command\": \"demo-fail\"}");
    Map<String, Object> failed = cluster.awaitIncident("failed", on("n4", "failed"));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    cluster.awaitTrue("n2 drained", () -> Boolean.TRUE.equals(cluster.node("n2").get("drained")));
    cluster.stopDaemon();
    cluster.startDaemon();
    assertEquals(
        failed.get("uuid"),
        cluster.incidents().stream()
            .filter(i -> i.get("node").equals("n4"))
            .findFirst()
            .orElseThrow()
            .get("uuid"));
    cluster.awaitIncident("evacuation resumes and completes", on("n2", "completed"));
  }
}
