package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.TestCluster;

/**
 * The state file lost while the daemon was down: it refuses to start afresh on a cluster that shows
 * its work, and {@code --recover} rebuilds the incidents from the cluster's traces so that nothing
 * is repaired twice and no tag is doubled.
 */
class LostStateEndToEndTest {
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

  private Map<String, String> workDone() throws Exception {
    cluster.startDaemon();
    cluster.report("n2", "{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}}");
    String n2 = (String) cluster.awaitIncident("n2 evacuated", on("n2", "completed")).get("uuid");
    cluster.report("n4", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");
    String n4 = (String) cluster.awaitIncident("n4 repaired", on("n4", "completed")).get("uuid");
    cluster.report("n3", "{\"status\": \"live-repair\", \"command\": \"demo-fail\"}");
    Map<String, String> uuids =
        Map.of(
            "n2",
            n2,
            "n4",
            n4,
            "n3",
            (String) cluster.awaitIncident("n3's repair failed", on("n3", "failed")).get("uuid"));
    cluster.awaitTrue(
        "n3 tagged",
        () ->
            ((List<?>) cluster.node("n3").get("tags"))
                .contains("maintd:repairfailed:" + uuids.get("n3")));
    cluster.stopDaemon();
    Files.delete(tmp.resolve("state/state.json"));
    return uuids;
  }

  @Test
  void aLostStateFileOnAClusterThatShowsMaintdsWorkIsRefusedSayingWhatItFound() throws Exception {
    Map<String, String> uuids = workDone();
    StartupException e = assertThrows(StartupException.class, () -> cluster.startDaemon());
    assertEquals(ExitCodes.FAILURE, e.exitCode());
    assertTrue(
        e.getMessage()
            .contains(
                "the state "
                    + tmp.resolve("state/state.json")
                    + " is missing, but the cluster shows"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("n2 carries maintd:repairready:" + uuids.get("n2")),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("job(s) in the cluster's queue carry maintd's reason trail"),
        e.getMessage());
    assertTrue(e.getMessage().contains("the collector of n4 ran 1 repair(s)"), e.getMessage());
    assertTrue(e.getMessage().contains("start one daemon once with --recover"), e.getMessage());
    assertTrue(Files.notExists(tmp.resolve("state/state.json")), "nothing was written");
  }

  @Test
  void recoverRebuildsTheIncidentsSoNothingIsRepairedTwiceAndNoTagIsDoubled() throws Exception {
    Map<String, String> uuids = workDone();
    cluster.startDaemon(true);
    long jobsBefore = cluster.simJobs().size();
    Map<?, ?> paused = (Map<?, ?>) cluster.get("/1/paused");
    assertEquals(true, paused.get("paused"), "paused for the operator to look");
    assertEquals(
        Set.copyOf(uuids.values()),
        cluster.incidents().stream().map(i -> (String) i.get("uuid")).collect(Collectors.toSet()));
    assertEquals("completed", incident(uuids.get("n2")).get("repair-status"));
    assertEquals("failed", incident(uuids.get("n3")).get("repair-status"));
    assertTrue(
        ((List<?>) incident(uuids.get("n2")).get("history"))
            .toString()
            .contains("rebuilt from tag maintd:repairready:"));

    assertEquals(200, cluster.signedPost("/1/resume", "").statusCode());
    cluster.awaitIncident(
        "n4's repair is taken as done",
        on("n4", "completed").and(i -> i.get("uuid").equals(uuids.get("n4"))));
    cluster.awaitTicks(5);
    assertEquals(
        3, cluster.incidents().size(), "no incident was opened again: " + cluster.incidents());
    for (String node : List.of("n3", "n4")) {
      assertEquals(1, started(node), node + "'s repair command ran once");
    }
    for (String node : List.of("n2", "n3", "n4")) {
      List<?> maintdTags =
          ((List<?>) cluster.node(node).get("tags"))
              .stream().filter(t -> t.toString().startsWith("maintd:")).toList();
      assertEquals(1, maintdTags.size(), node + " has one tag: " + maintdTags);
    }
    assertEquals(jobsBefore, cluster.simJobs().size(), "no job was submitted again");
    assertTrue(cluster.node("n2").get("taken_out") != null, "n2 can be put back with maintctl up");
  }

  @Test
  void recoverSkipsARecordItsCollectorCannotReadHoldingThatNodeAndRecoversTheRest()
      throws Exception {
    Map<String, String> uuids = workDone();
    // n5's collector started a repair just before the state was lost, and its outcome is garbage
    String lost = "0e5a1c7d-5a1b-4c1e-9f1d-5b5b5b5b5b5b";
    Path n5 = Files.createDirectories(tmp.resolve("results/n5"));
    Files.writeString(
        n5.resolve(lost + ".started"),
        "{\"incident\": \""
            + lost
            + "\", \"command\": \"demo-fix\", \"original\":"
            + " {\"status\": \"live-repair\", \"command\": \"demo-fix\"},"
            + " \"started\": \"2026-11-25T10:00:00Z\"}");
    Path outcome = n5.resolve(lost + ".json");
    Files.writeString(outcome, "{\"status\": \"exploded\"}");
    cluster.report("n5", "{\"status\": \"live-repair\", \"command\": \"demo-fix\"}");

    cluster.startDaemon(true);
    assertEquals("completed", incident(uuids.get("n2")).get("repair-status"));
    assertEquals("failed", incident(uuids.get("n3")).get("repair-status"));
    assertEquals("completed", incident(uuids.get("n4")).get("repair-status"));
    Map<String, Object> held = incident(lost);
    assertEquals("failed", held.get("repair-status"), "n5 is held, not repaired blind");
    String history = held.get("history").toString();
    assertTrue(
        history.contains("n5's collector cannot read its record of a repair")
            && history.contains(outcome + " is not a repair result")
            && history.contains("maintctl ack"),
        history);
    cluster.awaitTrue(
        "n5 is tagged repairfailed, for an operator to acknowledge",
        () -> ((List<?>) cluster.node("n5").get("tags")).contains("maintd:repairfailed:" + lost));

    assertEquals(200, cluster.signedPost("/1/resume", "").statusCode());
    cluster.awaitTicks(5);
    assertEquals(4, cluster.incidents().size(), "n5's report is the held incident, not a new one");
    assertEquals(1, started("n5"), "n5's repair was not run again");
    assertEquals(200, cluster.signedPost("/1/incidents/" + lost + "/ack", "").statusCode());
    cluster.awaitTrue(
        "acknowledged, the held incident is forgotten",
        () -> cluster.incidents().stream().noneMatch(i -> i.get("uuid").equals(lost)));
  }

  @Test
  void recoverWithAStateFileStillThereIsAMistake() throws Exception {
    cluster.startDaemon();
    cluster.awaitTicks(1);
    cluster.stopDaemon();
    StartupException e = assertThrows(StartupException.class, () -> cluster.startDaemon(true));
    assertEquals(ExitCodes.USAGE, e.exitCode());
    assertTrue(e.getMessage().contains("--recover rebuilds a lost state, but"), e.getMessage());
  }

  private Map<String, Object> incident(String uuid) throws Exception {
    return cluster.incidents().stream()
        .filter(i -> i.get("uuid").equals(uuid))
        .findFirst()
        .orElseThrow();
  }

  private long started(String node) throws Exception {
    try (Stream<Path> files = Files.list(tmp.resolve("results/" + node))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".started")).count();
    }
  }
}
