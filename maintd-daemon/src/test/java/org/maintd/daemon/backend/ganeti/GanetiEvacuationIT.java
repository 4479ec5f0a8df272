package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.protocol.json.Json;

/**
 * maintd on a real Ganeti 3.0 cluster (the sandbox): node2's collector, inside node2, reports
 * {@code evacuate}; the daemon on the master drains node2 through RAPI, migrates its diskless and
 * sharedfile instances away in real jobs, fails on the file instance (RAPI cannot copy it) and tags
 * node2 {@code maintd:repairfailed:<uuid>} in Ganeti. Once the file instance is removed and the tag
 * deleted with {@code gnt-node remove-tags}, a new incident completes the evacuation. Every job
 * maintd submitted names {@code gnt:daemon:maintd} and its incident in Ganeti's job queue.
 */
class GanetiEvacuationIT {
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

  /** Puts node2 and its instances back for the next test, through RAPI and Ganeti's own tools. */
  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (sandbox == null) {
      return;
    }
    sandbox.putBack(credentials, "node2.gnt.test", List.of("inst1.gnt.test", "inst3.gnt.test"));
    sandbox.putBack(credentials, "node3.gnt.test", List.of());
    sandbox.addFileInstance();
  }

  private String onMaster(String... command) throws IOException, InterruptedException {
    return sandbox.onMaster(command);
  }

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> incidents() throws Exception {
    String body =
        http.send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + daemon.port() + "/1/status"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    return (List<Map<String, Object>>) Json.parse(body);
  }

  private Map<String, Object> awaitIncident(String status) {
    return awaitIncident("node2.gnt.test", status);
  }

  private Map<String, Object> awaitIncident(String node, String status) {
    List<Map<String, Object>> found = new ArrayList<>();
    await("an incident on " + node + " " + status)
        .atMost(Duration.ofMinutes(4))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              for (Map<String, Object> i : incidents()) {
                if (node.equals(i.get("node")) && status.equals(i.get("repair-status"))) {
                  found.add(i);
                  return true;
                }
              }
              return false;
            });
    return found.get(0);
  }

  @Test
  void evacuatesThroughRapiFailsOnTheFileInstanceAndCompletesOnceItIsGone() throws Exception {
    long firstJob = sandbox.nextJobId();
    String placed =
        onMaster("gnt-instance", "list", "--no-headers", "--separator=|", "-o", "name,pnode");
    assertTrue(
        placed.contains("inst1.gnt.test|node2")
            && placed.contains("inst3.gnt.test|node2")
            && placed.contains("inst4.gnt.test|node2"),
        "node2 holds a diskless, a sharedfile and a file instance: " + placed);
    Files.writeString(
        Path.of(sandbox.diagnoseFile("node2.gnt.test")),
        "{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}}");
    Map<String, Object> failed = awaitIncident("failed");
    String uuid = (String) failed.get("uuid");
    assertTrue(failed.get("history").toString().contains("inst4.gnt.test"), failed.toString());
    await("the failure tag in Ganeti")
        .atMost(Duration.ofMinutes(1))
        .until(
            () ->
                onMaster("gnt-node", "list-tags", "node2.gnt.test")
                    .lines()
                    .anyMatch(("maintd:repairfailed:" + uuid)::equals));
    String instances =
        onMaster("gnt-instance", "list", "--no-headers", "--separator=|", "-o", "name,pnode");
    assertTrue(
        instances.contains("inst1.gnt.test|node") && !instances.contains("inst1.gnt.test|node2"),
        instances);
    assertTrue(
        !instances.contains("inst3.gnt.test|node2"),
        "the sharedfile instance migrated away: " + instances);
    assertTrue(instances.contains("inst4.gnt.test|node2"), "the file instance stays: " + instances);
    assertTrue(
        onMaster("gnt-node", "list", "--no-headers", "-o", "drained", "node2.gnt.test")
            .strip()
            .equals("Y"));

    onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    onMaster("gnt-node", "remove-tags", "node2.gnt.test", "maintd:repairfailed:" + uuid);
    Map<String, Object> completed = awaitIncident("completed");
    String second = (String) completed.get("uuid");
    await("the ready tag in Ganeti")
        .atMost(Duration.ofMinutes(1))
        .until(
            () ->
                onMaster("gnt-node", "list-tags", "node2.gnt.test")
                    .lines()
                    .anyMatch(("maintd:repairready:" + second)::equals));
    assertEquals(
        "Y",
        onMaster("gnt-node", "list", "--no-headers", "-o", "offline", "node2.gnt.test").strip());

    String jobs = onMaster("gnt-job", "list", "--no-headers", "-o", "id");
    int ours = 0;
    for (String id :
        jobs.lines().map(String::strip).filter(j -> Long.parseLong(j) >= firstJob).toList()) {
      String info = onMaster("gnt-job", "info", id);
      if (info.contains("gnt:daemon:maintd ")) {
        ours++;
        assertTrue(
            info.contains(uuid) || info.contains(second) || info.contains("gnt:daemon:maintd tags"),
            "job " + id + " names its incident: " + info);
      }
    }
    assertTrue(ours >= 3, "drain, migrations and offline were maintd's jobs: " + ours);
  }

  private HttpResponse<String> signed(String path, String body) throws Exception {
    return org.maintd.daemon.testing.TestCluster.signedPost(
        http, Path.of(sandbox.env.get("GANETI_HMAC_KEY")), daemon.port(), path, body);
  }

  /** Jobs in Ganeti's queue from {@code firstJob} on whose reason trail drains {@code node}. */
  private long drains(String node, long firstJob) {
    return sandbox.jobsWithReason(credentials, firstJob, "drain " + node + " [");
  }

  @Test
  void aLostStateAfterARepairedAcknowledgedNodeIsRecoveredWithoutDrainingItAgain()
      throws Exception {
    long firstJob = sandbox.nextJobId();
    try {
      Path diagnose = Path.of(sandbox.diagnoseFile("node3.gnt.test"));
      Files.writeString(diagnose, "{\"status\": \"evacuate\"}");
      String uuid = (String) awaitIncident("node3.gnt.test", "completed").get("uuid");
      Files.writeString(diagnose, "{\"status\": \"Ok\"}");
      assertEquals(200, signed("/1/incidents/" + uuid + "/ack", "").statusCode());
      await("the acknowledged incident is forgotten")
          .atMost(Duration.ofMinutes(1))
          .until(() -> incidents().stream().noneMatch(i -> uuid.equals(i.get("uuid"))));
      HttpResponse<String> up = signed("/1/machines/up", "[{\"hostname\": \"node3.gnt.test\"}]");
      assertEquals(200, up.statusCode(), up.body());
      await("node3 is back in service")
          .atMost(Duration.ofMinutes(2))
          .until(
              () ->
                  onMaster(
                          "gnt-node",
                          "list",
                          "--no-headers",
                          "-o",
                          "offline,drained",
                          "node3.gnt.test")
                      .strip()
                      .matches("N\\s+N"));
      assertEquals(1, drains("node3.gnt.test", firstJob));

      daemon.close();
      Files.delete(dir.resolve("state/state.json"));
      daemon = new Daemon(sandbox.daemon(dir, "node1.gnt.test", credentials), Clock.systemUTC());
      daemon.start(true, true);
      assertTrue(
          incidents().stream().noneMatch(i -> "node3.gnt.test".equals(i.get("node"))),
          "node3's incident, repaired, acknowledged and put back, is not rebuilt: " + incidents());
      assertEquals(200, signed("/1/resume", "").statusCode());
      await("nothing drains node3 again")
          .during(Duration.ofSeconds(10))
          .atMost(Duration.ofSeconds(20))
          .until(() -> drains("node3.gnt.test", firstJob) == 1);
    } finally {
      sandbox.putBack(credentials, "node3.gnt.test", List.of("inst2.gnt.test"));
    }
  }

  @Test
  void aLiveRepairRunsOnTheNodeInsideItsNamespaceWithTheReportOnStdin() throws Exception {
    String report =
        "{\"status\": \"live-repair\", \"command\": \"sandbox-fix\", \"details\": {\"disk\": \"sdc\"}}";
    Files.writeString(Path.of(sandbox.diagnoseFile("node3.gnt.test")), report);
    awaitIncident("node3.gnt.test", "completed");
    Path results = Path.of(sandbox.diagnoseFile("node3.gnt.test")).getParent();
    assertEquals(
        "node3.gnt.test",
        Files.readString(results.resolve("repair-host")).strip(),
        "ran inside node3's namespaces");
    Map<?, ?> stdin =
        (Map<?, ?>) Json.parse(Files.readString(results.resolve("repair-stdin.json")));
    assertEquals(
        Map.of("status", "live-repair", "command", "sandbox-fix", "details", Map.of("disk", "sdc")),
        stdin);
  }

  @Test
  void evacuateFailoverMovesARunningAndAStoppedInstance() throws Exception {
    onMaster("gnt-instance", "shutdown", "--timeout=0", "inst1.gnt.test");
    try {
      onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
      Files.writeString(
          Path.of(sandbox.diagnoseFile("node2.gnt.test")), "{\"status\": \"evacuate-failover\"}");
      Map<String, Object> done = awaitIncident("completed");
      assertTrue(
          done.get("history").toString().contains("failover inst1.gnt.test")
              && done.get("history").toString().contains("failover inst3.gnt.test"),
          done.toString());
      String placed =
          onMaster(
              "gnt-instance",
              "list",
              "--no-headers",
              "--separator=|",
              "-o",
              "name,pnode,admin_state");
      assertTrue(!placed.contains("|node2.gnt.test|"), "nothing left on node2: " + placed);
      assertTrue(
          placed.contains("inst1.gnt.test|")
              && placed
                  .lines()
                  .anyMatch(l -> l.startsWith("inst1.gnt.test|") && l.endsWith("|down")),
          "the stopped instance stays stopped: " + placed);
      assertTrue(
          placed.lines().anyMatch(l -> l.startsWith("inst3.gnt.test|") && l.endsWith("|up")),
          "the running one runs: " + placed);
    } finally {
      onMaster("gnt-instance", "startup", "inst1.gnt.test");
    }
  }

  @SuppressWarnings("unchecked")
  private List<Long> waitedFor() throws Exception {
    String body =
        http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + "/1/jobs"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    return ((List<Number>) Json.parse(body)).stream().map(Number::longValue).toList();
  }

  /**
   * node3 drained by hand (and room for two nodes out of service), so that node2's two movable
   * instances both go to node1 in one job: two migrations, two RAPI calls, two Ganeti jobs, the
   * second depending on the first. Both numbers are in /1/jobs while they run and in the incident.
   */
  @Test
  @SuppressWarnings("unchecked")
  void anOperationOfTwoRapiCallsShowsBothGanetiJobNumbers() throws Exception {
    onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    onMaster("gnt-node", "modify", "--drained=yes", "node3.gnt.test");
    daemon.close();
    daemon =
        new Daemon(
            sandbox
                .daemon(dir, "node1.gnt.test", credentials)
                .withCaps(
                    new org.maintd.safety.SafetyCaps(
                        new org.maintd.safety.Allowance(2, false), List.of())),
            Clock.systemUTC());
    daemon.start(true);
    long firstJob = sandbox.nextJobId();
    Files.writeString(
        Path.of(sandbox.diagnoseFile("node2.gnt.test")), "{\"status\": \"evacuate\"}");
    List<List<Long>> seen = new ArrayList<>();
    await("two Ganeti jobs of one operation waited for")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              List<Long> jobs = waitedFor();
              seen.add(jobs);
              return jobs.size() == 2 && jobs.get(1) == jobs.get(0) + 1;
            });
    List<Long> pair = seen.get(seen.size() - 1);
    assertTrue(pair.get(0) >= firstJob, pair + " are new jobs, from " + firstJob);
    Map<String, Object> done = awaitIncident("completed");
    List<Long> jobs = ((List<Number>) done.get("jobs")).stream().map(Number::longValue).toList();
    int at = jobs.indexOf(pair.get(0));
    assertTrue(
        at >= 0 && at + 1 < jobs.size() && jobs.get(at + 1).equals(pair.get(1)),
        "the incident lists both, in order: " + jobs + " for " + pair);
    assertTrue(done.get("history").toString().contains("jobs " + pair.get(0) + ", " + pair.get(1)));
    for (long job : pair) {
      assertTrue(
          onMaster("gnt-job", "info", Long.toString(job)).contains("gnt:daemon:maintd "),
          "job " + job + " is maintd's");
    }
  }
}
