package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Instance;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * Three maintd daemons (the shaded jar, each its own process) over the real cluster, their state in
 * ZooKeeper: a campaign over every node, master included; the leader is killed with SIGKILL once
 * the campaign has rebooted a node; a standby takes over and finishes it. No Ganeti job was
 * submitted twice (from Ganeti's job queue and its reason trails) and no node was rebooted twice
 * (from the collectors' own logs).
 */
class GanetiLeaderKillIT {
  private static final List<String> NODES = SandboxHa.NODES;

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  TestingServer zookeeper;
  DaemonProcesses daemons;
  final HttpClient http = HttpClient.newHttpClient();
  final Map<String, Integer> rebootsBefore = new LinkedHashMap<>();

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    zookeeper = new TestingServer(true);
    daemons = new DaemonProcesses(dir, 3, "160m");
    for (String node : NODES) {
      rebootsBefore.put(node, reboots(node));
    }
  }

  @AfterEach
  void restore() throws Exception {
    if (daemons != null) {
      daemons.close();
    }
    if (zookeeper != null) {
      zookeeper.close();
    }
    if (sandbox == null) {
      return;
    }
    sandbox.restoreAfterCampaign(credentials);
  }

  /** How often the node's collector has run the reboot command, from its log. */
  private int reboots(String node) throws IOException {
    Path log = Path.of(sandbox.diagnoseFile(node)).resolveSibling("collector.log");
    return (int)
        Files.readAllLines(log).stream()
            .filter(l -> l.contains("running repair command reboot"))
            .count();
  }

  private Path config(int i) throws IOException {
    return SandboxHa.config(
        sandbox, dir, i, daemons.port(i), zookeeper.getConnectString(), credentials);
  }

  @Test
  void aStandbyFinishesTheWholeClusterCampaignAfterTheLeaderIsKilledWithNoJobTwice()
      throws Exception {
    sandbox.onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    Map<String, String> homes = new LinkedHashMap<>();
    for (Instance i : sandbox.snapshot(credentials).instances()) {
      homes.put(i.name(), i.primary());
    }
    for (int i = 0; i < 3; i++) {
      daemons.launch(i, config(i));
    }
    int first = daemons.awaitLeader(-1, Duration.ofSeconds(90));
    HttpResponse<String> started =
        TestCluster.signedPost(
            http,
            Path.of(sandbox.env.get("GANETI_HMAC_KEY")),
            daemons.port(first),
            "/1/campaigns",
            "{\"nodes\": [\"node1.gnt.test\", \"node2.gnt.test\", \"node3.gnt.test\"],"
                + " \"soak\": 3}");
    assertEquals(200, started.statusCode(), started.body());
    String id = (String) ((Map<?, ?>) Json.parse(started.body())).get("id");

    await("the campaign has rebooted a node")
        .atMost(Duration.ofMinutes(6))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () -> {
              for (String n : NODES) {
                if (reboots(n) > rebootsBefore.get(n)) {
                  return true;
                }
              }
              return false;
            });
    daemons.kill(first);
    int next = daemons.awaitLeader(first, Duration.ofSeconds(90));

    Map<?, ?>[] campaign = {Map.of()};
    try {
      daemons.within(
          "the new leader finishes the campaign",
          Duration.ofMinutes(12),
          () -> {
            int l = daemons.leader();
            campaign[0] = l < 0 ? Map.of() : daemons.json(l, "/1/campaigns/" + id);
            String status = String.valueOf(campaign[0].get("status"));
            if (status.equals("failed") || status.equals("aborted")) {
              throw new AssertionError("the campaign ended " + status + ": " + campaign[0]);
            }
            return status.equals("completed");
          });
    } catch (AssertionError e) {
      throw new AssertionError(
          e.getMessage() + "\nthe campaign as last read: " + campaign[0] + sandbox.nodeLogs(15), e);
    }

    for (String node : NODES) {
      assertEquals(1, reboots(node) - rebootsBefore.get(node), node + " was rebooted exactly once");
    }
    assertNotEquals("node1.gnt.test", sandbox.master(credentials), "the master role moved");
    Map<String, String> now = new LinkedHashMap<>();
    for (Instance i : sandbox.snapshot(credentials).instances()) {
      now.put(i.name(), i.primary());
    }
    assertEquals(homes, now, "every instance is back on its node");
    List<String> jobs = SandboxHa.jobs(sandbox, credentials);
    assertEquals(
        jobs.size(), jobs.stream().distinct().count(), "a Ganeti job was submitted twice: " + jobs);
    assertTrue(daemons.log(next).contains("took over the state"), daemons.logs());
  }
}
