package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/** maintctl against a real daemon: tables for people, JSON for scripts, signed changes. */
class MaintctlEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private MaintctlRun ctl(String... args) {
    return MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, args);
  }

  @Test
  void healthSaysTheDaemonRunsAndLeadsAndShowsItsParts() throws Exception {
    MaintctlRun table = ctl("health");
    assertEquals(0, table.code(), table.err());
    assertTrue(table.out().startsWith("state       RUNNING\nleader      yes"), table.out());
    assertTrue(table.out().contains("master      n1\n"), table.out());
    assertTrue(table.out().lines().anyMatch(l -> l.matches("runner\\s+RUNNING.*")), table.out());
    Map<?, ?> json = (Map<?, ?>) Json.parse(ctl("health", "-o", "json").out());
    assertEquals("RUNNING", json.get("state"));
    assertEquals(true, json.get("leader"));
  }

  @Test
  void drivesAnIncidentFromDiagnoseToAcknowledge() throws Exception {
    assertEquals("no incidents\n", ctl("status").out());
    MaintctlRun set =
        ctl(
            "sim",
            "diagnose",
            "n4",
            "live-repair",
            "--command",
            "demo-fix",
            "--details",
            "{\"disk\":\"sdb\"}");
    assertEquals(0, set.code(), set.err());
    Map<String, Object> done = cluster.awaitIncident("repair", on("n4", "completed"));
    String uuid = (String) done.get("uuid");
    MaintctlRun table = ctl("status");
    assertTrue(table.out().startsWith("UUID"), table.out());
    assertTrue(table.out().contains(uuid) && table.out().contains("completed"), table.out());
    List<?> json = (List<?>) Json.parse(ctl("status", "-o", "json").out());
    assertEquals(uuid, ((Map<?, ?>) json.get(0)).get("uuid"));
    MaintctlRun show = ctl("show", uuid);
    assertTrue(show.out().contains("history:") && show.out().contains("noted"), show.out());
    MaintctlRun nodes = ctl("nodes");
    assertTrue(nodes.out().contains("maintd:repairready:" + uuid), nodes.out());
    MaintctlRun ack = ctl("ack", uuid);
    assertEquals(0, ack.code(), ack.err());
    assertTrue(ack.out().contains("removed tag maintd:repairready:" + uuid), ack.out());
    MaintctlRun again = ctl("cancel", uuid);
    assertEquals(1, again.code());
    assertTrue(
        again.err().contains("409") && again.err().contains("only noted or pending"), again.err());
  }

  @Test
  void incidentsAndCampaignsCanBeNamedByTheirNodeAndTheOneUnderWay() throws Exception {
    assertEquals(0, ctl("sim", "diagnose", "n4", "live-repair", "--command", "demo-fix").code());
    Map<String, Object> repaired = cluster.awaitIncident("repaired", on("n4", "completed"));
    MaintctlRun show = ctl("show", "N4");
    assertEquals(0, show.code(), show.err());
    assertTrue(show.out().startsWith("incident  " + repaired.get("uuid")), show.out());
    MaintctlRun cancelNone = ctl("cancel", "n4");
    assertEquals(1, cancelNone.code());
    assertTrue(
        cancelNone
            .err()
            .contains(
                "n4 has no noted or pending incident (" + repaired.get("uuid") + " completed)"),
        cancelNone.err());

    assertEquals(0, ctl("pause").code());
    assertEquals(0, ctl("sim", "diagnose", "n4", "live-repair", "--command", "demo-fail").code());
    Map<String, Object> noted = cluster.awaitIncident("a second incident", on("n4", "noted"));
    MaintctlRun two = ctl("show", "n4");
    assertEquals(1, two.code());
    assertTrue(
        two.err().contains("n4 has several incidents") && two.err().contains("give the uuid"),
        two.err());
    MaintctlRun cancel = ctl("cancel", "n4");
    assertEquals(0, cancel.code(), cancel.err());
    assertTrue(
        cancel.out().contains("incident " + noted.get("uuid") + " on n4 is now canceled"),
        cancel.out());
    MaintctlRun ack = ctl("ack", "n4");
    assertEquals(0, ack.code(), ack.err());
    assertTrue(
        ack.out().contains("removed tag maintd:repairready:" + repaired.get("uuid")), ack.out());
    MaintctlRun none = ctl("cancel", "n9");
    assertEquals(1, none.code());
    assertTrue(none.err().contains("no incident on a node named n9"), none.err());
    MaintctlRun pause = ctl("campaign", "pause");
    assertEquals(1, pause.code());
    assertTrue(pause.err().contains("no campaign is under way; give a campaign id"), pause.err());
  }

  @Test
  void listsEveryJobTheSimulatedClusterReceived() throws Exception {
    assertEquals(0, ctl("sim", "fail", "--op", "migrate", "--instance", "web1").code());
    assertEquals(0, ctl("sim", "diagnose", "n2", "evacuate").code());
    cluster.awaitIncident("failed", on("n2", "failed"));
    MaintctlRun jobs = ctl("sim", "jobs");
    assertTrue(jobs.out().startsWith("ID"), jobs.out());
    assertTrue(jobs.out().contains("drain n2"), jobs.out());
    List<?> json = (List<?>) Json.parse(ctl("sim", "jobs", "-o", "json").out());
    assertTrue(
        json.stream().anyMatch(j -> "error".equals(((Map<?, ?>) j).get("status"))),
        json.toString());
    assertEquals(0, ctl("sim", "tag", "n3", "add", "rack:r1").code());
    cluster.awaitTrue(
        "the tag shows at the next poll",
        () -> ctl("nodes", "-o", "json").out().contains("rack:r1"));
    assertEquals(2, ctl("sim", "tag", "n3", "toggle", "x").code());
    MaintctlRun notANode = ctl("sim", "tag", "web1", "add", "x");
    assertEquals(1, notANode.code(), notANode.err());
    assertTrue(
        notANode.err().contains("400")
            && notANode.err().contains("no node 'web1' in the simulated cluster"),
        "a bad request, not a failing backend: " + notANode.err());
  }

  @Test
  void pausesAndResumesAutomaticActions() throws Exception {
    assertEquals("automatic actions paused\n", ctl("pause").out());
    assertEquals(
        Map.of(
            "paused",
            true,
            "reason",
            "automatic actions stopped by cluster-key (maintctl resume)",
            "storm",
            ""),
        cluster.get("/1/paused"));
    assertEquals(0, ctl("sim", "diagnose", "n4", "live-repair", "--command", "demo-fix").code());
    Map<String, Object> noted =
        cluster.awaitIncident(
            "noted while paused, and the round says why it waits",
            on("n4", "noted").and(i -> !i.get("next").toString().isEmpty()));
    assertTrue(
        noted.get("next").toString().startsWith("paused: automatic actions stopped by cluster-key"),
        noted.toString());
    assertTrue(
        ctl("status")
            .out()
            .startsWith("PAUSED: automatic actions stopped by cluster-key (maintctl resume)\n"));
    cluster.awaitTrue(
        "the plan holds the repair back",
        () -> ctl("plan").out().contains("repair node=n4 command=demo-fix"));
    String plan = ctl("plan").out();
    assertTrue(
        plan.matches("(?s)round \\d+: paused: automatic actions stopped by cluster-key.*"), plan);
    assertTrue(plan.contains("incident") && plan.contains("noted"), plan);
    assertEquals("automatic actions resumed\n", ctl("resume").out());
    assertTrue(ctl("status").out().startsWith("UUID"));
    cluster.awaitIncident("repaired after resume", on("n4", "completed"));
  }

  @Test
  void campaignStartWaitsWithAProgressLineAndShowsTheOutcome() throws Exception {
    MaintctlRun run =
        ctl("campaign", "start", "--node", "n4", "--node", "n5", "--soak", "200ms", "--wait");
    assertEquals(0, run.code(), run.err());
    assertTrue(
        run.err()
            .matches(
                "(?s)campaign \\S+ started: \\d group\\(s\\)\n.*running · group 1/\\d · 0/2 done.*"),
        run.err());
    assertTrue(run.err().contains("completed · group"), run.err());
    assertTrue(run.out().startsWith("status: completed\n"), run.out());
    assertTrue(
        run.out().contains("n4") && run.out().contains("done") && run.out().contains("history:"),
        run.out());
    MaintctlRun list = ctl("campaign", "show");
    assertTrue(
        list.out().startsWith("ID")
            && list.out().contains("completed")
            && list.out().contains("2/2"),
        list.out());

    assertEquals(0, ctl("sim", "fail", "--op", "boot", "--node", "n5").code());
    MaintctlRun failed =
        ctl("campaign", "start", "--node", "n5", "--soak", "0s", "--boot-timeout", "1s", "--wait");
    assertEquals(1, failed.code(), failed.out());
    assertTrue(
        failed.err().contains("failed: node n5 did not come back within 1000ms"), failed.err());
    MaintctlRun again =
        ctl(
            "campaign",
            "abort",
            ((Map<?, ?>) ((List<?>) Json.parse(ctl("-o", "json", "campaign", "show").out())).get(1))
                .get("id")
                .toString());
    assertEquals(1, again.code());
    assertTrue(
        again.err().contains("409") && again.err().contains("is failed and cannot abort"),
        again.err());
    assertEquals(2, ctl("campaign", "start", "--max-nodes", "lots").code());
    assertEquals(0, ctl("sim", "power-on", "n5").code());
  }

  @Test
  void nodesAreFilteredAndPagedAndThePrintedNextPageFollows() throws Exception {
    cluster.awaitTrue("a first snapshot", () -> !((List<?>) cluster.get("/1/nodes")).isEmpty());
    MaintctlRun first = ctl("nodes", "--limit", "2");
    assertEquals(0, first.code(), first.err());
    assertEquals(List.of("n1", "n2"), column(first.out()));
    assertEquals("more nodes follow: the next page with --after n2\n", first.err());
    MaintctlRun rest = ctl("nodes", "--limit", "3", "--after", "n2");
    assertEquals(List.of("n3", "n4", "n5"), column(rest.out()));
    assertEquals("", rest.err(), "the last page says no more");
    assertEquals(List.of("n4"), column(ctl("nodes", "--name", "N4", "--mode", "up").out()));
    assertEquals(List.of(), column(ctl("nodes", "--group", "elsewhere").out()));
    MaintctlRun bad = ctl("nodes", "--mode", "sideways");
    assertEquals(1, bad.code());
    assertTrue(bad.err().contains("a mode is UP, DRAIN or DOWN, not 'sideways'"), bad.err());
  }

  /** The first column of a table, below its header. */
  private static List<String> column(String table) {
    return table.lines().skip(1).map(l -> l.split("\\s+")[0]).toList();
  }

  @Test
  void rollPlansTheLiveClusterAsItPlansTheSameFile() throws Exception {
    cluster.awaitTrue("a first snapshot", () -> !((List<?>) cluster.get("/1/nodes")).isEmpty());
    MaintctlRun live = ctl("roll", "--no-headers", "--print-moves");
    MaintctlRun file =
        ctl(
            "roll",
            "--no-headers",
            "--print-moves",
            "-t",
            cluster.dir.resolve("cluster.data").toString());
    assertEquals(0, live.code(), live.err());
    assertEquals(file.out(), live.out());
    assertTrue(live.out().lines().count() >= 2, live.out());
    Map<?, ?> json =
        (Map<?, ?>) Json.parse(ctl("roll", "-o", "json", "--offline-maintenance").out());
    assertTrue(!((List<?>) json.get("groups")).isEmpty(), json.toString());
    MaintctlRun some = ctl("roll", "--no-headers", "--node-regex", "[2-4]$");
    assertEquals(0, some.code(), some.err());
    assertEquals(
        ctl(
                "roll",
                "--no-headers",
                "--node-regex",
                "[2-4]$",
                "-t",
                cluster.dir.resolve("cluster.data").toString())
            .out(),
        some.out());
    MaintctlRun fewer = ctl("roll", "--no-headers", "--fewer-groups");
    assertEquals(0, fewer.code(), fewer.err());
    assertEquals(
        ctl(
                "roll",
                "--no-headers",
                "--fewer-groups",
                "-t",
                cluster.dir.resolve("cluster.data").toString())
            .out(),
        fewer.out());
    assertEquals(400, cluster.getRaw("/1/roll?node-regex=%28").statusCode());
    assertEquals(400, cluster.getRaw("/1/roll?bogus=1").statusCode());
    var notMemory = cluster.getRaw("/1/roll?static-kvm-node-memory=lots");
    assertEquals(400, notMemory.statusCode());
    assertTrue(notMemory.body().contains("static-kvm-node-memory: 'lots'"), notMemory.body());
    assertEquals(
        400, cluster.getRaw("/1/roll?static-kvm-node-memory=-1").statusCode(), "not negative");
    MaintctlRun kvm = ctl("roll", "--no-headers", "--print-moves", "--static-kvm-node-memory", "0");
    assertEquals(live.out(), kvm.out(), "the simulated backend's snapshot is its htools reading");
    assertEquals(live.out(), ctl("roll", "--no-headers", "--print-moves", "-v").out());
    var unknown = cluster.getRaw("/1/roll?group=nope");
    assertEquals(409, unknown.statusCode());
    assertTrue(unknown.body().contains("Cannot find target group."), unknown.body());
    MaintctlRun failed = ctl("roll", "-G", "nope");
    assertEquals(1, failed.code());
    assertTrue(failed.err().contains("Cannot find target group."), failed.err());
  }

  @Test
  void anUnknownIncidentIsAFailure() {
    MaintctlRun r = ctl("show", "00000000-0000-0000-0000-000000000000");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("404"), r.err());
  }
}
