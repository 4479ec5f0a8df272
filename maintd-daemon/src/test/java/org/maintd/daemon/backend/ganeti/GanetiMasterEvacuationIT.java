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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.protocol.json.Json;

/**
 * The master's own evacuation on a real cluster: node1, the master, reports {@code evacuate}
 * through its collector; maintd moves the master role to a candidate through that candidate's
 * collector ({@code gnt-cluster master-failover}), then drains node1, moves its instances off
 * through RAPI (followed through the cluster's address) and sets it offline. The daemon leads
 * through ZooKeeper, so the master's move does not stop it. The file instance, which RAPI cannot
 * move, is removed first when it is on node1, and put back after.
 */
class GanetiMasterEvacuationIT {
  private static final String MASTER = "node1.gnt.test";

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

  /** node1 back online and master, its instances home, the file instance back on node2. */
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
    sandbox.putBack(credentials, MASTER, homes);
    sandbox.restoreAfterCampaign(credentials);
  }

  private List<String> homes = List.of();

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> incidents() throws Exception {
    return (List<Map<String, Object>>)
        Json.parse(
            http.send(
                    HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + daemon.port() + "/1/status"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
  }

  @Test
  void theMastersOwnEvacuationMovesTheRoleAwayEmptiesTheNodeAndTheDaemonGoesOn() throws Exception {
    List<String> onMaster = new ArrayList<>();
    for (Instance i : sandbox.snapshot(credentials).instances()) {
      if (i.primary().equals(MASTER)) {
        onMaster.add(i.name());
      }
    }
    if (onMaster.contains("inst4.gnt.test")) {
      sandbox.onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
      onMaster.remove("inst4.gnt.test");
    }
    homes = onMaster;
    assertEquals(MASTER, sandbox.master(credentials));
    DaemonConfig config =
        sandbox.ledByZooKeeper(dir, MASTER, credentials, zookeeper.getConnectString());
    daemon = new Daemon(config, Clock.systemUTC());
    daemon.start(false);
    await("the daemon leads").atMost(Duration.ofSeconds(60)).until(() -> daemon.health().leader());

    Files.writeString(Path.of(sandbox.diagnoseFile(MASTER)), "{\"status\": \"evacuate\"}");
    Map<?, ?>[] last = new Map<?, ?>[1];
    await("the master's evacuation completes")
        .atMost(Duration.ofMinutes(8))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () -> {
              for (Map<String, Object> i : incidents()) {
                if (MASTER.equals(i.get("node"))) {
                  last[0] = i;
                  if ("failed".equals(i.get("repair-status"))) {
                    throw new AssertionError("the evacuation failed: " + i);
                  }
                  return "completed".equals(i.get("repair-status"));
                }
              }
              return false;
            });

    assertNotEquals(MASTER, sandbox.master(credentials), "the master role moved away from node1");
    Node node1 = sandbox.snapshot(credentials).node(MASTER).orElseThrow();
    assertTrue(node1.offline(), "node1 is offline: " + node1);
    assertEquals(
        List.of(),
        sandbox.snapshot(credentials).primariesOf(MASTER).stream().map(Instance::name).toList(),
        "node1 is empty");
    assertTrue(
        last[0].get("history").toString().contains("move the master role from " + MASTER),
        last[0].toString());
    assertTrue(daemon.health().leader(), "the daemon still leads after the master moved");
  }
}
