package org.maintd.daemon.tour;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * README.md's tours, walked as their reader walks them: {@code scripts/demo} (with {@code --ha} for
 * the high-availability one) from the jars the build just made, then every command of the tour in
 * the order written, each checked against what the README says it shows. The commands this test
 * knows must be exactly the README's: change one and the other must follow. The two tours walk at
 * once, each with a demo of its own (ports and state directory).
 */
@Execution(ExecutionMode.CONCURRENT)
class ReadmeTourIT {
  private static final Duration SHORT = Duration.ofSeconds(60);
  private static final Duration LONG = Duration.ofMinutes(6);

  @TempDir Path tmp;

  private DemoProcess demo;

  /** One command of the tour and what it must show. */
  record Step(String command, Duration limit, Check check) {}

  /** What a step must show; it may wait for the daemon to get there. */
  interface Check {
    void verify(DemoProcess.Result result) throws Exception;
  }

  @Test
  void everyCommandOfTheTourShowsWhatTheReadmeSays() throws Exception {
    walk(new DemoProcess(tmp), "A short tour", steps());
  }

  @Test
  void everyCommandOfTheHighAvailabilityTourShowsWhatTheReadmeSays() throws Exception {
    walk(DemoProcess.highlyAvailable(tmp), "High availability", haSteps(), "--ha");
  }

  /**
   * Checks that {@code steps} are the commands of the README's section {@code heading}, starts the
   * demo with {@code options}, and runs and checks each step in order.
   */
  private void walk(DemoProcess process, String heading, List<Step> steps, String... options)
      throws Exception {
    List<String> readme = ReadmeTour.commands(DemoProcess.TOP.resolve("README.md"), heading);
    ReadmeTour.assertSame(steps.stream().map(Step::command).toList(), readme);
    try (DemoProcess d = process) {
      demo = d;
      d.start(options);
      for (Step step : steps) {
        DemoProcess.Result result =
            step.command().startsWith("export ") || step.command().startsWith("scripts/demo")
                ? new DemoProcess.Result(step.command(), 0, "", "")
                : d.run(step.command(), step.limit());
        try {
          step.check().verify(result);
        } catch (AssertionError | RuntimeException e) {
          throw new AssertionError(
              "tour step '"
                  + step.command()
                  + "' (exit "
                  + result.exit()
                  + "):\n"
                  + result.all()
                  + "\n--- demo log ---\n"
                  + d.tail(),
              e);
        }
      }
    }
  }

  /** The README's "High availability" commands, against {@code scripts/demo --ha}. */
  private List<Step> haSteps() {
    List<Step> s = new ArrayList<>();
    s.add(
        step(
            "scripts/demo --ha --state-dir .demo-ha",
            r -> {
              for (int i = 0; i < 3; i++) {
                printed("  http://127.0.0.1:" + (demo.port + i) + "   (daemon of node" + (i + 1));
              }
            }));
    s.add(
        step(
            "for p in 1816 1817 1818; do curl -s localhost:$p/1/health | head -c 120; echo; done",
            r -> {
              List<String> lines = ok(r).lines().toList();
              assertEquals(3, lines.size(), r.out());
              assertTrue(lines.get(0).contains("\"leader\":true"), lines.get(0));
              for (String standby : lines.subList(1, 3)) {
                assertTrue(
                    standby.contains("\"state\":\"STANDBY\"")
                        && standby.contains("\"leader\":false")
                        && standby.contains("\"leader_url\":\"" + firstLeader() + "\""),
                    standby);
              }
            }));
    s.add(
        step(
            "export MAINTD_URL=http://127.0.0.1:1817 MAINTD_KEY_FILE=.demo-ha/hmac.key",
            r ->
                printed(
                    "export MAINTD_URL=http://127.0.0.1:"
                        + demo.apiPort
                        + " MAINTD_KEY_FILE="
                        + demo.state.resolve("hmac.key"))));
    s.add(
        step(
            "scripts/maintctl health",
            r ->
                assertTrue(
                    ok(r)
                        .startsWith(
                            "state       STANDBY\nleader      no, " + firstLeader() + " leads\n"),
                    r.out())));
    s.add(
        step(
            "scripts/maintctl sim diagnose node3 evacuate",
            r -> assertTrue(ok(r).contains("node3 will report"), r.out())));
    s.add(
        step(
            "kill -9 $(cat .demo-ha/daemon-node1.pid)",
            r -> {
              ok(r);
              awaitTrue(
                  "the first leader's port closed",
                  () -> demo.run("curl -s localhost:1816/1/health", SHORT).exit() != 0);
            }));
    s.add(
        step(
            "scripts/maintctl health",
            r -> {
              awaitTrue(
                  "1817 or 1818 leads",
                  () -> {
                    // meanwhile a daemon may answer TAKING_OVER (exit 1): it has not led yet
                    String health = demo.run("scripts/maintctl health", SHORT).out();
                    return health.contains("leader      yes, this daemon leads\n")
                        || health.contains(
                            "leader      no, http://127.0.0.1:" + (demo.port + 2) + " leads\n");
                  });
            }));
    s.add(
        step(
            "scripts/maintctl status",
            r -> {
              ok(r);
              awaitIncident("node3", "completed");
              List<Object> keys = demo.list("/1/sim/jobs").stream().map(j -> j.get("key")).toList();
              assertFalse(keys.isEmpty(), "no job was submitted");
              assertEquals(
                  keys.size(), keys.stream().distinct().count(), "a job submitted twice: " + keys);
            }));
    return s;
  }

  private List<Step> steps() {
    List<Step> s = new ArrayList<>();
    s.add(
        step(
            "export MAINTD_URL=http://127.0.0.1:1816",
            r -> printed("export MAINTD_URL=http://127.0.0.1:" + demo.port)));
    s.add(
        step(
            "export MAINTD_KEY_FILE=.demo-state/hmac.key",
            r -> printed("export MAINTD_KEY_FILE=" + demo.state.resolve("hmac.key"))));
    s.add(step("curl -s localhost:1816/", r -> assertEquals("[1]", r.out().strip())));
    s.add(step("curl -s localhost:1816/1/status", r -> assertEquals("[]", r.out().strip())));
    s.add(
        step(
            "scripts/maintctl nodes",
            r -> {
              ok(r);
              List<Map<String, Object>> nodes = demo.list("/1/nodes");
              assertEquals(13, nodes.size());
              assertEquals(3, nodes.stream().map(n -> n.get("group")).distinct().count());
              assertEquals(33, demo.list("/1/instances").size());
              assertEquals("DOWN", node("node13").get("mode"));
              assertTrue(
                  r.out()
                      .lines()
                      .filter(l -> l.startsWith("node"))
                      .allMatch(l -> l.contains(" ok")),
                  r.out());
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node3 evacuate --details '{\"disk\":\"sdb\"}'",
            r -> assertTrue(ok(r).contains("node3 will report"))));
    s.add(
        step(
            "scripts/maintctl status",
            r -> {
              ok(r);
              awaitTrue(
                  "node3's incident to complete",
                  () -> {
                    String table = ok(demo.run("scripts/maintctl status", SHORT));
                    String row =
                        table.lines().filter(l -> l.contains(" node3 ")).findFirst().orElseThrow();
                    assertTrue(row.matches(".*evacuate\\s+(noted|pending|completed).*"), row);
                    return row.contains("completed");
                  });
            }));
    s.add(
        step(
            "curl -s localhost:1816/1/nodes",
            r -> {
              Map<String, Object> n3 = node("node3");
              assertEquals(true, n3.get("drained"));
              assertEquals(true, n3.get("offline"));
              assertEquals(List.of(), n3.get("primary_instances"));
              assertEquals(List.of(), n3.get("secondary_instances"));
              assertTrue(
                  ((List<?>) n3.get("tags"))
                      .contains("maintd:repairready:" + incident("node3").get("uuid")),
                  n3.toString());
              assertTrue(r.out().contains("\"node3\""));
            }));
    s.add(
        step(
            "scripts/maintctl show node3",
            r -> {
              String out = ok(r);
              assertTrue(out.contains((String) incident("node3").get("uuid")), out);
              for (String event : List.of("noted", "submitted", "completed")) {
                assertTrue(
                    out.contains("  " + event + " "), "history shows " + event + ":\n" + out);
              }
            }));
    s.add(
        step(
            "scripts/maintctl sim jobs",
            r -> {
              String uuid = (String) incident("node3").get("uuid");
              assertTrue(ok(r).lines().filter(l -> l.contains(uuid)).count() >= 3, r.out());
              assertTrue(r.out().lines().skip(1).allMatch(l -> l.contains("success")), r.out());
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node3 Ok",
            r -> {
              ok(r);
              awaitCollectorOk("node3");
            }));
    s.add(
        step(
            "scripts/maintctl ack node3",
            r -> {
              assertTrue(ok(r).contains("removed tag maintd:repairready:"), r.out());
              awaitTrue("node3's incident to be forgotten", () -> incidentOn("node3").isEmpty());
            }));
    s.add(
        step(
            "scripts/maintctl up node3",
            r -> {
              assertTrue(ok(r).contains("node3: back in service through job"), r.out());
              awaitMode("node3", "UP");
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node11 live-repair --command demo-fix",
            r -> {
              ok(r);
              awaitIncident("node11", "completed");
              assertTrue(
                  ((List<?>) node("node11").get("tags"))
                      .contains("maintd:repairready:" + incident("node11").get("uuid")));
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node12 live-repair --command demo-fail",
            r -> {
              ok(r);
              awaitIncident("node12", "failed");
              awaitTrue(
                  "node12 tagged repairfailed",
                  () ->
                      ((List<?>) node("node12").get("tags"))
                          .contains("maintd:repairfailed:" + incident("node12").get("uuid")));
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node12 Ok",
            r -> {
              ok(r);
              awaitCollectorOk("node12");
            }));
    s.add(
        step(
            "scripts/maintctl ack node12",
            r -> {
              assertTrue(ok(r).contains("removed tag maintd:repairfailed:"), r.out());
              awaitTrue("node12's incident to be forgotten", () -> incidentOn("node12").isEmpty());
            }));
    s.add(
        step(
            "scripts/maintctl sim fail --op migrate --times 1",
            r -> assertTrue(ok(r).contains("the next 1 migrate operation(s) will fail"), r.out())));
    s.add(
        step(
            "scripts/maintctl sim diagnose node6 evacuate",
            r -> {
              ok(r);
              awaitIncident("node6", "failed");
              assertEquals("DRAIN", node("node6").get("mode"));
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node6 Ok",
            r -> {
              ok(r);
              awaitCollectorOk("node6");
            }));
    s.add(
        step(
            "scripts/maintctl ack node6",
            r -> {
              assertTrue(ok(r).contains("removed tag maintd:repairfailed:"), r.out());
              awaitTrue("node6's incident to be forgotten", () -> incidentOn("node6").isEmpty());
            }));
    s.add(
        step(
            "scripts/maintctl up node6",
            r -> {
              ok(r);
              awaitMode("node6", "UP");
            }));
    s.add(
        step(
            "scripts/maintctl pause",
            r -> {
              ok(r);
              assertEquals(true, ((Map<?, ?>) demo.get("/1/paused")).get("paused"));
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node7 evacuate",
            r -> {
              ok(r);
              awaitIncident("node7", "noted");
              awaitTrue(
                  "node7's incident to say it waits",
                  () -> String.valueOf(incident("node7").get("next")).startsWith("paused"));
            }));
    s.add(
        step(
            "scripts/maintctl cancel node7",
            r -> {
              assertTrue(ok(r).contains("is now canceled"), r.out());
              assertEquals("canceled", incident("node7").get("repair-status"));
            }));
    s.add(
        step(
            "scripts/maintctl resume",
            r -> {
              ok(r);
              assertEquals(false, ((Map<?, ?>) demo.get("/1/paused")).get("paused"));
              String uuid = (String) incident("node7").get("uuid");
              awaitTrue(
                  "a round after the resume",
                  () -> !String.valueOf(incident("node7").get("next")).startsWith("paused"));
              assertTrue(
                  demo.list("/1/sim/jobs").stream().noneMatch(j -> j.toString().contains(uuid)),
                  "no job for the canceled incident");
              assertEquals("UP", node("node7").get("mode"));
            }));
    s.add(
        step(
            "scripts/maintctl sim diagnose node7 Ok",
            r -> {
              ok(r);
              awaitTrue(
                  "node7's canceled incident to be forgotten", () -> incidentOn("node7").isEmpty());
            }));
    s.add(step("scripts/maintctl plan", r -> assertTrue(ok(r).startsWith("round "), r.out())));
    s.add(
        step(
            "scripts/maintctl rehearse --drain node5",
            r -> {
              String out = ok(r);
              assertTrue(out.contains("done: node5 is drained and holds no instance"), out);
              assertTrue(out.contains("INSTANCE  PRIMARY"), out);
              assertEquals("UP", node("node5").get("mode"), "a rehearsal changes nothing");
            }));
    s.add(
        step(
            "scripts/maintctl roll --print-moves",
            r -> {
              assertTrue(ok(r).startsWith("'Node Reboot Groups'"), r.out());
              assertTrue(r.out().contains("node12"), r.out());
            }));
    s.add(
        step(
            "scripts/maintctl balance -t etc/demo/cluster.data -G group1",
            r -> assertTrue(ok(r).contains("Cluster score improved from"), r.out())));
    s.add(
        step(
            "scripts/maintctl balance -t etc/demo/cluster.data -G group1 --mond-data"
                + " etc/demo/mond-data.json",
            r -> {
              assertTrue(ok(r).contains("Cluster score improved from"), r.out());
              assertTrue(r.out().contains("1. inst12 node3:node4 => "), r.out());
            }));
    s.add(
        step(
            "curl -s localhost:1816/metrics",
            r -> {
              assertTrue(r.out().contains("maintd_rounds_total"), r.out());
              assertTrue(r.out().contains("maintd_incidents{status=\"completed\"} 1.0"), r.out());
              assertTrue(r.out().contains("maintd_incidents{status=\"failed\"} 0.0"), r.out());
            }));
    s.add(
        longStep(
            "scripts/maintctl campaign start --group group2 --soak 10s --wait",
            r -> {
              assertTrue(ok(r).contains("status: completed"), r.all());
              for (String n : List.of("node6", "node7", "node8", "node9", "node10")) {
                assertEquals(1, reboots(n), n + " rebooted once");
                assertEquals("UP", node(n).get("mode"));
              }
            }));
    s.add(
        longStep(
            "scripts/maintctl campaign start --node node1 --node node2 --soak 10s --wait",
            r -> {
              assertTrue(ok(r).contains("status: completed"), r.all());
              assertEquals(true, node("node2").get("master"), "the master role moved to node2");
              assertEquals(1, reboots("node1"));
              assertTrue(
                  jobIndex("reboot node1") > jobIndex("master-failover node1"),
                  "node1 is rebooted after the fail-over");
            }));
    s.add(
        step(
            "scripts/maintctl campaign show",
            r ->
                assertEquals(
                    2, ok(r).lines().filter(l -> l.contains(" completed ")).count(), r.out())));
    s.add(step("scripts/maintctl sim fail --op boot --node node5", r -> ok(r)));
    s.add(
        longStep(
            "scripts/maintctl campaign start --node node5 --soak 10s --boot-timeout 20s --wait",
            r -> {
              assertEquals(1, r.exit(), r.all());
              assertTrue(
                  r.err().contains("failed: node node5 did not come back within 20s"), r.err());
            }));
    s.add(
        step(
            "scripts/maintctl sim power-on node5",
            r -> {
              assertTrue(ok(r).contains("node5 powered on"));
              awaitCollectorOk("node5");
            }));
    s.add(
        step(
            "scripts/maintctl up node5",
            r -> {
              ok(r);
              awaitMode("node5", "UP");
            }));
    s.add(
        step(
            "scripts/maintctl campaign start --node node3 --soak 10s",
            r -> assertTrue(ok(r).contains("started: 1 group(s)"))));
    s.add(
        step(
            "scripts/maintctl campaign pause",
            r -> assertTrue(ok(r).contains("status: paused"), r.out())));
    s.add(
        step(
            "scripts/maintctl campaign resume",
            r -> assertTrue(ok(r).contains("status: running"), r.out())));
    s.add(
        step(
            "scripts/maintctl campaign abort",
            r -> {
              assertTrue(ok(r).contains("status: aborting"), r.out());
              awaitTrue(
                  "the campaign to end aborted",
                  () ->
                      demo.list("/1/campaigns").stream()
                          .anyMatch(c -> c.get("status").equals("aborted")));
              awaitMode("node3", "UP");
            }));
    s.add(
        step(
            "scripts/demo --harep --balance",
            r -> {
              demo.stop();
              demo.start("--harep", "--balance");
              printed(
                  "maintd.yaml): --set harep=true --set balance.enabled=true"
                      + " --set balance.load=true");
              String config = Files.readString(demo.state.resolve("maintd.yaml"));
              assertTrue(
                  config.contains("harep: true")
                      && config.contains("enabled: true")
                      && config.contains("load: true"),
                  "the overrides are written into the daemon's configuration: " + config);
            }));
    s.add(
        step(
            "scripts/maintctl sim jobs",
            r -> {
              ok(r);
              awaitTrue(
                  "harep's repair and balancing moves",
                  () -> {
                    String jobs = ok(demo.run("scripts/maintctl sim jobs", SHORT));
                    return jobs.contains("harep fix-storage repair of instance inst31")
                        && jobs.contains("balancing: ");
                  });
            }));
    s.add(
        step(
            "curl -s localhost:1816/1/instances",
            r -> {
              assertTrue(r.out().contains("\"inst31\""), r.out());
              awaitTrue(
                  "inst31 repaired",
                  () -> {
                    Map<String, Object> inst31 =
                        demo.list("/1/instances").stream()
                            .filter(i -> i.get("name").equals("inst31"))
                            .findFirst()
                            .orElseThrow();
                    return inst31.get("secondary_node").equals("node12")
                        && ((List<?>) inst31.get("tags"))
                            .stream()
                                .anyMatch(
                                    t ->
                                        t.toString()
                                            .matches(
                                                "ganeti:watcher:autorepair:result:fix-storage:.*:success:.*"));
                  });
            }));
    s.add(
        step(
            "scripts/maintctl plan",
            r -> {
              ok(r);
              // Balancing is planned when no round is under way; while one runs, the plan says what
              // it waits for.
              awaitTrue(
                  "each group's balance score in the plan, by measured CPU load",
                  () ->
                      ok(demo.run("scripts/maintctl plan", SHORT))
                          .lines()
                          .anyMatch(
                              l -> l.startsWith("balance ") && l.endsWith("by measured CPU load")));
            }));
    s.add(
        step(
            "scripts/maintctl sim load node3 12",
            r -> assertEquals("node3 will report 12.0 CPUs busy", ok(r).strip())));
    s.add(
        step(
            "scripts/maintctl sim jobs",
            r -> {
              ok(r);
              awaitTrue(
                  "a balancing move off node3",
                  () ->
                      ok(demo.run("scripts/maintctl sim jobs", SHORT))
                          .lines()
                          .anyMatch(l -> l.matches(".*balancing: inst[0-9]+ node3:.*")));
            }));
    return s;
  }

  /** The URL of the daemon the HA demo lets lead first, on its first port. */
  private String firstLeader() {
    return "http://127.0.0.1:" + demo.port;
  }

  private static Step step(String command, Check check) {
    return new Step(command, SHORT, check);
  }

  private static Step longStep(String command, Check check) {
    return new Step(command, LONG, check);
  }

  private static String ok(DemoProcess.Result r) {
    assertEquals(0, r.exit(), "exit code of '" + r.command() + "': " + r.all());
    return r.out();
  }

  private void printed(String line) throws Exception {
    assertTrue(demo.tail().contains(line), "the demo printed '" + line + "'");
  }

  private Map<String, Object> node(String name) throws Exception {
    return demo.list("/1/nodes").stream()
        .filter(n -> n.get("name").equals(name))
        .findFirst()
        .orElseThrow();
  }

  private Optional<Map<String, Object>> incidentOn(String node) throws Exception {
    return demo.list("/1/status").stream()
        .filter(i -> i.get("node").equals(node))
        .reduce((a, b) -> b);
  }

  private Map<String, Object> incident(String node) throws Exception {
    return incidentOn(node).orElseThrow(() -> new AssertionError("no incident on " + node));
  }

  private void awaitIncident(String node, String status) {
    awaitTrue(
        node + "'s incident " + status,
        () -> incidentOn(node).map(i -> i.get("repair-status").equals(status)).orElse(false));
  }

  private void awaitMode(String node, String mode) {
    awaitTrue(node + " " + mode, () -> node(node).get("mode").equals(mode));
  }

  private void awaitCollectorOk(String node) {
    awaitTrue(
        node + " reports Ok",
        () -> "Ok".equals(((Map<?, ?>) node(node).get("collector")).get("detail")));
  }

  private long reboots(String node) throws Exception {
    return demo.list("/1/sim/jobs").stream()
        .flatMap(j -> ((List<?>) j.get("operations")).stream())
        .map(op -> (Map<?, ?>) op)
        .filter(op -> "reboot".equals(op.get("op")) && node.equals(op.get("node")))
        .count();
  }

  /** The position of the first job whose first operation is {@code "<op> <node>"}. */
  private int jobIndex(String opAndNode) throws Exception {
    List<String> firsts =
        demo.list("/1/sim/jobs").stream()
            .map(j -> (Map<?, ?>) ((List<?>) j.get("operations")).get(0))
            .map(
                op ->
                    op.get("op") + " " + Optional.ofNullable(op.get("node")).orElse(op.get("from")))
            .collect(Collectors.toList());
    int i = firsts.indexOf(opAndNode);
    assertFalse(i < 0, "no job " + opAndNode + " in " + firsts);
    return i;
  }

  private static void awaitTrue(String what, Callable<Boolean> condition) {
    await(what)
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(condition);
  }
}
