package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
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
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * A rolling-reboot campaign over the whole real cluster, master included: every node drained,
 * emptied, rebooted through its own collector (in the sandbox: its Ganeti daemons and its collector
 * restarted with a new boot id, configured explicitly: a sandbox node is never power-cycled), back,
 * soaked and refilled; the master role moved by maintd through the candidate's collector ({@code
 * gnt-cluster master-failover}) before the old master's reboot, and RAPI followed through the
 * cluster's address. The daemon leads through ZooKeeper, so the master's move does not stop it. The
 * file instance cannot move (RAPI cannot copy disks): it is removed first, as an operator would,
 * and put back after.
 */
class GanetiRollingRebootIT {
  private static final List<String> NODES =
      List.of("node1.gnt.test", "node2.gnt.test", "node3.gnt.test");

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  TestingServer zookeeper;
  Daemon daemon;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    zookeeper = new TestingServer(true);
  }

  /** The master back on node1 and the file instance back on node2, for the other tests. */
  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (zookeeper != null) {
      zookeeper.close();
    }
    if (sandbox == null) {
      return;
    }
    sandbox.restoreAfterCampaign(credentials);
  }

  private String bootId(String node) throws Exception {
    return Files.readString(Path.of(sandbox.diagnoseFile(node)).resolveSibling("boot_id")).strip();
  }

  private Map<?, ?> campaign(String id) throws Exception {
    return (Map<?, ?>)
        Json.parse(
            http.send(
                    HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + daemon.port() + "/1/campaigns/" + id))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
  }

  @Test
  void aCampaignOverEveryNodeMovesTheMasterRoleAndRebootsEachThroughItsCollector()
      throws Exception {
    sandbox.onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    Map<String, String> homes = new LinkedHashMap<>();
    for (Instance i : sandbox.snapshot(credentials).instances()) {
      homes.put(i.name(), i.primary());
    }
    Map<String, String> bootIds = new LinkedHashMap<>();
    for (String node : NODES) {
      bootIds.put(node, bootId(node));
    }
    DaemonConfig config =
        sandbox.ledByZooKeeper(dir, "node1.gnt.test", credentials, zookeeper.getConnectString());
    daemon = new Daemon(config, Clock.systemUTC());
    daemon.start(false);
    await("the daemon leads").atMost(Duration.ofSeconds(60)).until(() -> daemon.health().leader());

    HttpResponse<String> started =
        TestCluster.signedPost(
            http,
            Path.of(sandbox.env.get("GANETI_HMAC_KEY")),
            daemon.port(),
            "/1/campaigns",
            "{\"nodes\": [\"node1.gnt.test\", \"node2.gnt.test\", \"node3.gnt.test\"],"
                + " \"soak\": 3}");
    assertEquals(200, started.statusCode(), started.body());
    String id = (String) ((Map<?, ?>) Json.parse(started.body())).get("id");
    Map<?, ?>[] last = new Map<?, ?>[1];
    await("the campaign over the whole cluster completes")
        .atMost(Duration.ofMinutes(12))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () -> {
              last[0] = campaign(id);
              String status = String.valueOf(last[0].get("status"));
              if (status.equals("failed") || status.equals("aborted")) {
                throw new AssertionError("the campaign ended " + status + ": " + last[0]);
              }
              return status.equals("completed");
            });

    for (String node : NODES) {
      assertNotEquals(bootIds.get(node), bootId(node), node + " came back with a new boot id");
    }
    assertNotEquals(
        "node1.gnt.test", sandbox.master(credentials), "the master role moved away from node1");
    Map<String, String> now = new LinkedHashMap<>();
    for (Instance i : sandbox.snapshot(credentials).instances()) {
      now.put(i.name(), i.primary());
    }
    assertEquals(homes, now, "every instance is back on its node");
    String text = Json.write(last[0]);
    assertTrue(text.contains("back with boot id"), text);
    assertTrue(daemon.health().leader(), "the daemon still leads after the master moved");
  }
}
