package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maintd.protocol.json.Json;

/**
 * A rolling-reboot campaign over two node groups rehearsed on a real Ganeti 3.0 cluster (the
 * sandbox), then run for real, and the two compared as {@link GanetiRehearsalIT} compares a drain:
 * nothing submitted and no state written by the rehearsal, then the same jobs in the same order
 * (the reboots, which the nodes' collectors run, by node), the instances where the rehearsal left
 * them, and the real run within a factor of {@link #FACTOR} of the rehearsal's time. The sandbox
 * has one node group; the test makes a second of node3 ({@link #GROUP}), so that the campaign
 * reboots node2 in the first (its instances going to node1, the master, which it leaves alone) and
 * node3 in the second. An instance moves only within its group and node3 is alone in its own, so
 * node3's instance goes to node1 first; the file instance cannot move (RAPI cannot copy disks), so
 * it is removed first. All of it is put back after, however the test ended. The drains' and
 * migrations' durations are learned from the sandbox's job history (a drain and a migration run by
 * hand just before), the reboots' from the simulated cluster's settings (a collector, not Ganeti,
 * runs them), and a node is rehearsed to come back {@link #BOOT_TIME} after: the sandbox reboots a
 * node by restarting its Ganeti daemons and its collector, with a new boot id, which took 14 to 18
 * s here until the daemon saw the new boot id (the collector's JVM starting on a busy machine). It
 * takes about 130 s, the real campaign about 85 s of it.
 */
class GanetiCampaignRehearsalIT {
  private static final String GROUP = "group2";
  private static final String ALONE = "node3.gnt.test";
  private static final String ITS_INSTANCE = "inst2.gnt.test";
  private static final String CAMPAIGN =
      "{\"nodes\": [\"node2.gnt.test\", \"" + ALONE + "\"], \"max_nodes\": 1, \"soak\": 3}";
  private static final Duration BOOT_TIME = Duration.ofSeconds(17);
  private static final double FACTOR = 2;

  @RegisterExtension final SandboxRehearsals rehearsals = new SandboxRehearsals();
  Sandbox sandbox;

  @BeforeEach
  void start() throws Exception {
    sandbox = rehearsals.sandbox().orElseThrow();
    oneGroupAgain();
    sandbox.onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    sandbox.putBack(rehearsals.credentials(), Sandbox.FIRST_MASTER, List.of(ITS_INSTANCE));
    sandbox.onMaster("gnt-group", "add", GROUP);
    sandbox.onMaster("gnt-group", "assign-nodes", GROUP, ALONE);
    rehearsals.start(BOOT_TIME);
  }

  /** The sandbox as it was: one group, node3's instance on it, the file instance on node2. */
  @AfterEach
  void restore() throws Exception {
    rehearsals.close();
    if (sandbox == null) {
      return;
    }
    oneGroupAgain();
    sandbox.restoreAfterCampaign(rehearsals.credentials());
    sandbox.putBack(rehearsals.credentials(), ALONE, List.of(ITS_INSTANCE));
  }

  /** node3 back in the default group and {@link #GROUP} gone, where a test made it. */
  private void oneGroupAgain() throws Exception {
    String groups = sandbox.onMaster("gnt-group", "list", "--no-headers", "-o", "name");
    if (groups.lines().anyMatch(g -> g.strip().equals(GROUP))) {
      sandbox.onMaster("gnt-group", "assign-nodes", "default", ALONE);
      sandbox.onMaster("gnt-group", "remove", GROUP);
    }
  }

  @Test
  void aRehearsedCampaignOverTwoGroupsIsWhatTheRealCampaignThenDoes() throws Exception {
    long firstJob = sandbox.nextJobId();
    Map<?, ?> rehearsal =
        rehearsals.rehearseChangingNothing(
            "{\"action\": \"campaign\", \"campaign\": " + CAMPAIGN + "}");
    String ending = (String) ((Map<?, ?>) rehearsal.get("ending")).get("text");
    assertTrue(ending.endsWith("completed: 2 node(s) rebooted"), ending);
    String durations = SandboxRehearsals.durations(rehearsal);
    assertTrue(durations.startsWith("from the cluster's job history: drain "), durations);
    List<String> rehearsed = SandboxRehearsals.rehearsed(rehearsal);
    Map<String, String> placements = rehearsals.placementsAfter(rehearsal);

    Instant posted = Instant.now();
    HttpResponse<String> started = rehearsals.post("/1/campaigns", CAMPAIGN);
    assertEquals(200, started.statusCode(), started.body());
    String id = (String) ((Map<?, ?>) Json.parse(started.body())).get("id");
    Map<?, ?> campaign =
        await("the campaign over both groups ends")
            .atMost(Duration.ofMinutes(8))
            .pollInterval(Duration.ofMillis(250))
            .until(
                () -> (Map<?, ?>) rehearsals.get("/1/campaigns/" + id),
                c -> List.of("completed", "aborted", "failed").contains(c.get("status")));
    double real = Duration.between(posted, Instant.now()).toMillis() / 1000.0;
    assertEquals("completed", campaign.get("status"), Json.write(campaign));
    assertEquals(
        List.of(List.of("node2.gnt.test"), List.of(ALONE)),
        campaign.get("groups"),
        "a reboot group in each node group");

    assertEquals(rehearsed, rehearsals.carriedOut(firstJob), "the same jobs in the same order");
    assertEquals(placements, rehearsals.primaries(), "the same placements");
    double expected = ((Number) rehearsal.get("seconds")).doubleValue();
    System.out.printf(
        "rehearsed %.1f s, real %.1f s, %d jobs: %s%nhistory: %s%ndurations: %s%n",
        expected, real, rehearsed.size(), rehearsed, campaign.get("history"), durations);
    assertTrue(
        real <= expected * FACTOR && real >= expected / FACTOR,
        "real " + real + " s against " + expected + " s rehearsed");
  }
}
