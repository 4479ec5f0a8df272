package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.CommandRoute;
import org.maintd.daemon.config.NodeCommands;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * Reboots through the node's own collector ({@code nodeCommands.reboot: collector}): the campaign
 * sends the whitelisted {@code reboot} command, a real script run by the node's real collector,
 * which here stands for {@code systemctl reboot} by giving the node a new boot id; the campaign
 * sees the node back by that boot id. The cluster's own power control is never used.
 */
class NodeCommandEndToEndTest {
  @TempDir Path dir;
  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(dir);
    Path reboot = dir.resolve("repair/reboot");
    Files.writeString(
        reboot,
        String.join(
            "\n",
            "#!/bin/sh",
            "node=$(sed -n 's/.*\"node\" *: *\"\\([^\"]*\\)\".*/\\1/p')",
            "echo \"$node\" >> " + dir.resolve("reboots"),
            "cat /proc/sys/kernel/random/uuid > "
                + cluster.diagnoseDir.resolve("$node.boot_id.tmp"),
            "mv "
                + cluster.diagnoseDir.resolve("$node.boot_id.tmp")
                + " "
                + cluster.diagnoseDir.resolve("$node.boot_id"),
            "echo \"reboot of $node acknowledged\"",
            ""));
    Files.setPosixFilePermissions(reboot, PosixFilePermissions.fromString("rwxr-xr-x"));
    cluster.nodeCommands =
        new NodeCommands(
            CommandRoute.COLLECTOR,
            "reboot",
            CommandRoute.BACKEND,
            "master-failover",
            Duration.ofSeconds(30));
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  /**
   * A command that runs longer than the collector's idle timeout (2 s here) is waited for, not cut
   * off: the collector says nothing until it ends, as {@code gnt-cluster master-failover} does for
   * tens of seconds. (The daemon's side waits up to {@code collector.repairTimeout}.)
   */
  @Test
  void aCommandSilentForLongerThanTheIdleTimeoutIsWaitedFor() throws Exception {
    Path slow = dir.resolve("repair/slow-fix");
    Files.writeString(slow, "#!/bin/sh\ncat > /dev/null\nsleep 4\necho fixed slowly\n");
    Files.setPosixFilePermissions(slow, PosixFilePermissions.fromString("rwxr-xr-x"));
    cluster.startDaemon();
    cluster.report("n3", "{\"status\": \"live-repair\", \"command\": \"slow-fix\"}");
    Map<String, Object> done =
        cluster.awaitIncident(
            "n3's slow repair",
            i ->
                !"pending".equals(i.get("repair-status"))
                    && !"noted".equals(i.get("repair-status")));
    assertEquals("completed", done.get("repair-status"), done.toString());
  }

  @Test
  void aCampaignRebootsEachNodeThroughItsCollectorAndSeesItBackByItsNewBootId() throws Exception {
    cluster.startDaemon();
    String before = Files.readString(cluster.diagnoseDir.resolve("n4.boot_id"));
    HttpResponse<String> r =
        cluster.signedPost("/1/campaigns", "{\"nodes\": [\"n4\", \"n5\"], \"soak\": 0.2}");
    assertEquals(200, r.statusCode(), r.body());
    String id = (String) ((Map<?, ?>) Json.parse(r.body())).get("id");
    cluster.awaitTrue(
        "the campaign completes",
        () -> "completed".equals(((Map<?, ?>) cluster.get("/1/campaigns/" + id)).get("status")));

    assertEquals(
        List.of("n4", "n5"), Files.readAllLines(dir.resolve("reboots")).stream().sorted().toList());
    assertNotEquals(before, Files.readString(cluster.diagnoseDir.resolve("n4.boot_id")));
    assertTrue(
        cluster.simJobs().stream()
            .flatMap(j -> ((List<?>) j.get("operations")).stream())
            .noneMatch(op -> "reboot".equals(((Map<?, ?>) op).get("op"))),
        "no reboot went through the cluster's power control: " + cluster.simJobs());
    String campaign = cluster.getRaw("/1/campaigns/" + id).body();
    assertTrue(campaign.contains("back with boot id"), campaign);
  }

  /**
   * With {@code hardRebootAfter}, a soft reboot that never happens (the command acknowledges, the
   * node hangs on its way down) is followed by one hard reboot through the cluster's power control,
   * and the campaign completes.
   */
  @Test
  void aSoftRebootThatNeverHappensIsFollowedByAHardOneThroughTheCluster() throws Exception {
    Path hung = dir.resolve("repair/hung-reboot");
    Files.writeString(
        hung,
        "#!/bin/sh\ncat > /dev/null\necho \"$(date +%s)\" >> "
            + dir.resolve("soft-reboots")
            + "\necho reboot acknowledged\n");
    Files.setPosixFilePermissions(hung, PosixFilePermissions.fromString("rwxr-xr-x"));
    cluster.nodeCommands =
        new NodeCommands(
            CommandRoute.COLLECTOR,
            "hung-reboot",
            CommandRoute.BACKEND,
            "master-failover",
            Duration.ofSeconds(30),
            Duration.ofSeconds(1));
    cluster.startDaemon();
    String before = Files.readString(cluster.diagnoseDir.resolve("n4.boot_id"));
    String id = startCampaign("{\"nodes\": [\"n4\"], \"soak\": 0.2}");
    cluster.awaitTrue(
        "the campaign completes",
        () -> "completed".equals(((Map<?, ?>) cluster.get("/1/campaigns/" + id)).get("status")));

    assertEquals(1, Files.readAllLines(dir.resolve("soft-reboots")).size(), "one soft reboot");
    assertEquals(List.of(true), hardReboots("n4"), "then one hard reboot");
    assertNotEquals(before, Files.readString(cluster.diagnoseDir.resolve("n4.boot_id")));
    String campaign = cluster.getRaw("/1/campaigns/" + id).body();
    assertTrue(campaign.contains("n4:hard-reboot"), campaign);
  }

  /** A soft reboot whose request fails (the command is not whitelisted) falls back at once. */
  @Test
  void aSoftRebootThatFailsIsFollowedByAHardOneAtOnce() throws Exception {
    cluster.nodeCommands =
        new NodeCommands(
            CommandRoute.COLLECTOR,
            "no-such-command",
            CommandRoute.BACKEND,
            "master-failover",
            Duration.ofSeconds(30),
            Duration.ofMinutes(30));
    cluster.startDaemon();
    String id = startCampaign("{\"nodes\": [\"n5\"], \"soak\": 0.2}");
    cluster.awaitTrue(
        "the campaign completes",
        () -> "completed".equals(((Map<?, ?>) cluster.get("/1/campaigns/" + id)).get("status")));
    assertEquals(List.of(true), hardReboots("n5"));
    String campaign = cluster.getRaw("/1/campaigns/" + id).body();
    assertTrue(campaign.contains("n5:soft-reboot-failed"), campaign);
  }

  private String startCampaign(String body) throws Exception {
    HttpResponse<String> r = cluster.signedPost("/1/campaigns", body);
    assertEquals(200, r.statusCode(), r.body());
    return (String) ((Map<?, ?>) Json.parse(r.body())).get("id");
  }

  /** Whether each reboot of {@code node} the cluster's power control received was hard. */
  private List<Object> hardReboots(String node) throws Exception {
    return cluster.simJobs().stream()
        .flatMap(j -> ((List<?>) j.get("operations")).stream())
        .map(op -> (Map<?, ?>) op)
        .filter(op -> "reboot".equals(op.get("op")) && node.equals(op.get("node")))
        .map(op -> op.get("hard"))
        .map(Object.class::cast)
        .toList();
  }
}
