package org.maintd.daemon.tour;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's "Planned maintenance" tour, walked as its reader walks it against a fresh {@code
 * scripts/demo --state-dir .demo-maint}: a schedule for node5 with one instance declining by tag,
 * held until its window starts, node5 taken DOWN and brought UP; an auto window on node6 that runs
 * from DRAIN to UP by itself; and, started again with allowed hours that exclude now, a campaign
 * that waits and a plan that says until when. The commands here must be exactly the README's.
 */
class MaintenanceTourIT {
  private static final Duration SHORT = Duration.ofSeconds(60);

  @TempDir Path tmp;

  private DemoProcess demo;

  /** The allowed hours the demo was started with, read once: the tour may cross an hour. */
  private String allowedStart;

  private String allowedEnd;

  /** One command of the tour and what it must show. */
  record Step(String command, Check check) {}

  /** What a step must show; it may wait for the daemon to get there. */
  interface Check {
    void verify(DemoProcess.Result result) throws Exception;
  }

  @Test
  void everyCommandOfThePlannedMaintenanceTourShowsWhatTheReadmeSays() throws Exception {
    List<Step> steps = steps();
    ReadmeTour.assertSame(
        steps.stream().map(Step::command).toList(),
        ReadmeTour.commands(DemoProcess.TOP.resolve("README.md"), "Planned maintenance"));
    try (DemoProcess d = DemoProcess.maintenance(tmp)) {
      demo = d;
      d.start();
      for (Step step : steps) {
        DemoProcess.Result result =
            step.command().startsWith("export ") || step.command().startsWith("scripts/demo")
                ? new DemoProcess.Result(step.command(), 0, "", "")
                : d.run(step.command(), SHORT);
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

  private List<Step> steps() {
    List<Step> s = new ArrayList<>();
    s.add(new Step("scripts/demo --state-dir .demo-maint", r -> printed("Stop with Ctrl-C.")));
    s.add(
        new Step(
            "export MAINTD_KEY_FILE=.demo-maint/hmac.key",
            r -> printed("export MAINTD_KEY_FILE=" + demo.state.resolve("hmac.key"))));
    s.add(
        new Step(
            "scripts/maintctl sim tag --kind instance inst03 add"
                + " maintd:consent:decline:nightly-backup",
            r ->
                assertTrue(
                    ok(r).contains("inst03 tags: [maintd:consent:decline:nightly-backup]"),
                    r.out())));
    s.add(
        new Step(
            "scripts/maintctl schedule add node5 --start +1m --duration 10m",
            r -> assertTrue(ok(r).startsWith("schedule set: 1 window(s), 1 machine(s)"), r.out())));
    s.add(
        new Step(
            "scripts/maintctl schedule show",
            r -> {
              assertTrue(ok(r).contains("10m"), r.out());
              awaitTrue(
                  "node5 DRAIN",
                  () ->
                      ok(demo.run("scripts/maintctl schedule show", SHORT))
                          .matches("(?s).*node5\\s+DRAIN.*"));
            }));
    s.add(
        new Step(
            "curl -s localhost:1816/1/maintenance/status",
            r -> {
              awaitTrue("inst03 declines", () -> statusOf("inst03").isPresent());
              Map<?, ?> inst03 = statusOf("inst03").orElseThrow();
              assertEquals("DECLINE", inst03.get("status"));
              assertEquals("nightly-backup", inst03.get("reason"));
              assertEquals("tag", inst03.get("source"));
              assertTrue(r.out().contains("\"draining_machines\""), r.out());
            }));
    s.add(
        new Step(
            "scripts/maintctl plan",
            r -> {
              String plan = ok(r);
              assertTrue(plan.contains("inst03 declined (nightly-backup, since "), plan);
              assertTrue(plan.contains("it stays until its window starts at "), plan);
              assertTrue(plan.matches("(?s).*machine\\s+node5\\s+.*declined.*"), plan);
            }));
    s.add(
        new Step(
            "scripts/maintctl nodes",
            r -> {
              ok(r);
              await("the window starts and inst03 leaves node5")
                  .atMost(Duration.ofSeconds(150))
                  .pollInterval(Duration.ofMillis(500))
                  .until(() -> ((List<?>) node("node5").get("primary_instances")).isEmpty());
              String rows = ok(demo.run("scripts/maintctl nodes", SHORT));
              assertTrue(rows.matches("(?s).*node5\\s+group1\\s+DRAIN\\s+0\\s+0.*"), rows);
            }));
    s.add(
        new Step(
            "scripts/maintctl down node5",
            r -> {
              assertTrue(ok(r).startsWith("node5: DOWN through job "), r.out());
              awaitTrue("node5 offline", () -> Boolean.TRUE.equals(node("node5").get("offline")));
            }));
    s.add(
        new Step(
            "scripts/maintctl up node5",
            r -> {
              assertTrue(ok(r).startsWith("node5: back in service through job "), r.out());
              awaitTrue(
                  "node5 online and undrained",
                  () ->
                      Boolean.FALSE.equals(node("node5").get("offline"))
                          && Boolean.FALSE.equals(node("node5").get("drained")));
              assertEquals("UP", node("node5").get("mode"));
              assertEquals(List.of(), windows());
            }));
    s.add(
        new Step(
            "scripts/maintctl schedule add node6 --start +1m --duration 30s --auto",
            r -> assertTrue(ok(r).startsWith("schedule set: 1 window(s), 1 machine(s)"), r.out())));
    s.add(
        new Step(
            "scripts/maintctl schedule show",
            r -> {
              assertTrue(ok(r).matches("(?s).*30s\\s+yes\\s+node6.*"), r.out());
              List<Object> modes = new ArrayList<>();
              await("node6 DRAIN, DOWN, then UP off the schedule")
                  .atMost(Duration.ofSeconds(180))
                  .pollInterval(Duration.ofMillis(500))
                  .until(
                      () -> {
                        Object mode = node("node6").get("mode");
                        if (modes.isEmpty() || !modes.get(modes.size() - 1).equals(mode)) {
                          modes.add(mode);
                        }
                        return modes.contains("DOWN") && windows().isEmpty() && "UP".equals(mode);
                      });
              assertEquals(
                  List.of("DRAIN", "DOWN", "UP"), modes.subList(modes.size() - 3, modes.size()));
              assertEquals(Boolean.FALSE, node("node6").get("offline"));
              assertEquals(Boolean.FALSE, node("node6").get("drained"));
            }));
    s.add(
        new Step(
            "scripts/demo --state-dir .demo-maint"
                + " --set maintenance.allowedHours.start=$(date -u -d +2hours +%H:00)"
                + " --set maintenance.allowedHours.end=$(date -u -d +4hours +%H:00)",
            r -> {
              demo.stop();
              allowedStart = hourFromNow(2);
              allowedEnd = hourFromNow(4);
              demo.start(
                  "--set",
                  "maintenance.allowedHours.start=" + allowedStart,
                  "--set",
                  "maintenance.allowedHours.end=" + allowedEnd);
              String config = Files.readString(demo.state.resolve("maintd.yaml"));
              assertTrue(config.contains("allowedHours"), config);
            }));
    s.add(
        new Step(
            "scripts/maintctl campaign start --node node8 --soak 10s",
            r -> assertTrue(ok(r).contains("started: 1 group(s)"), r.out())));
    s.add(
        new Step(
            "scripts/maintctl plan",
            r -> {
              String held =
                  "planned work held: outside the allowed hours (mo-su "
                      + allowedStart
                      + "-"
                      + allowedEnd
                      + " UTC): waits until ";
              assertTrue(ok(r).contains(held), r.out());
            }));
    s.add(
        new Step(
            "scripts/maintctl campaign show",
            r ->
                assertTrue(
                    ok(r).contains("group 1 of 1 does not start: outside the allowed hours"),
                    r.out())));
    return s;
  }

  private static String hourFromNow(int hours) {
    return String.format("%02d:00", ZonedDateTime.now(ZoneOffset.UTC).plusHours(hours).getHour());
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

  private List<?> windows() throws Exception {
    return (List<?>) ((Map<?, ?>) demo.get("/1/maintenance/schedule")).get("windows");
  }

  private java.util.Optional<Map<?, ?>> statusOf(String instance) throws Exception {
    Map<?, ?> status = (Map<?, ?>) demo.get("/1/maintenance/status");
    for (Object draining : (List<?>) status.get("draining_machines")) {
      for (Object s : (List<?>) ((Map<?, ?>) draining).get("statuses")) {
        if (instance.equals(((Map<?, ?>) s).get("instance"))) {
          return java.util.Optional.of((Map<?, ?>) s);
        }
      }
    }
    return java.util.Optional.empty();
  }

  private static void awaitTrue(String what, Callable<Boolean> condition) {
    await(what)
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(condition);
  }
}
