package org.maintd.daemon.tour;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.protocol.json.Json;

/**
 * README.md's "Reboot requests" tour, walked as its reader walks it against a fresh {@code
 * scripts/demo --state-dir .demo-reboot}: a one-shot soft reboot of node4 followed with {@code
 * --wait}; node6 held off by the keys alpha and beta, shown held with both, still off once alpha is
 * released, back once beta is; its {@code lastPoweredOn} later than its {@code pendingRebootSince}.
 * The commands here must be exactly the README's.
 */
class RebootTourIT {
  private static final Duration SHORT = Duration.ofSeconds(60);
  private static final Duration LONG = Duration.ofSeconds(240);

  @TempDir Path tmp;

  private DemoProcess demo;

  /** One command of the tour, how long it may take, and what it must show. */
  record Step(String command, Duration limit, Check check) {}

  /** What a step must show; it may wait for the daemon to get there. */
  interface Check {
    void verify(DemoProcess.Result result) throws Exception;
  }

  @Test
  void everyCommandOfTheRebootTourShowsWhatTheReadmeSays() throws Exception {
    List<Step> steps = steps();
    ReadmeTour.assertSame(
        steps.stream().map(Step::command).toList(),
        ReadmeTour.commands(DemoProcess.TOP.resolve("README.md"), "Reboot requests"));
    try (DemoProcess d = DemoProcess.reboots(tmp)) {
      demo = d;
      d.start();
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

  private List<Step> steps() {
    List<Step> s = new ArrayList<>();
    s.add(step("scripts/demo --state-dir .demo-reboot", r -> printed("Stop with Ctrl-C.")));
    s.add(step("export MAINTD_KEY_FILE=.demo-reboot/hmac.key", r -> {}));
    s.add(
        new Step(
            "scripts/maintctl reboot node4 --reason kernel-update --wait",
            LONG,
            r -> {
              assertTrue(ok(r).matches("reboot request \\S+ of node4: done\\s*"), r.out());
              assertTrue(r.err().contains("powering-off"), r.err());
              Map<?, ?> node4 = reboots("node4");
              assertTrue(later(node4), node4.toString());
            }));
    s.add(
        step(
            "scripts/maintctl reboot node6 --key alpha --reason disk-swap",
            r -> assertTrue(ok(r).matches("reboot request \\S+ of node6: pending\\s*"), r.out())));
    s.add(
        new Step(
            "scripts/maintctl reboot node6 --key beta --reason firmware --wait",
            LONG,
            r -> {
              assertTrue(ok(r).matches("reboot request \\S+ of node6: held\\s*"), r.out());
              assertEquals("off", reboots("node6").get("power"));
            }));
    s.add(
        step(
            "scripts/maintctl reboots",
            r -> {
              String table = ok(r);
              assertTrue(table.matches("(?s).*node6\\s+alpha\\s+soft\\s+held.*"), table);
              assertTrue(table.matches("(?s).*node6\\s+beta\\s+soft\\s+held.*"), table);
            }));
    s.add(
        step(
            "scripts/maintctl nodes",
            r -> assertTrue(ok(r).matches("(?s).*node6\\s.*held:alpha,beta.*"), r.out())));
    s.add(
        step(
            "scripts/maintctl release node6 alpha",
            r -> {
              assertTrue(ok(r).startsWith("released alpha on node6"), r.out());
              demo.run("scripts/maintctl reboots", SHORT);
              assertEquals("held", reboots("node6").get("phase"));
              assertEquals(List.of("beta"), reboots("node6").get("keys"));
              assertEquals("off", reboots("node6").get("power"));
            }));
    s.add(
        step(
            "scripts/maintctl release node6 beta",
            r -> {
              assertTrue(ok(r).startsWith("released beta on node6"), r.out());
              await("node6 back in service")
                  .atMost(LONG)
                  .pollInterval(Duration.ofMillis(500))
                  .until(
                      () ->
                          reboots("node6").get("phase").equals("idle")
                              && "on".equals(reboots("node6").get("power")));
            }));
    s.add(
        step(
            "curl -s localhost:1816/1/nodes/node6/reboot",
            r -> {
              Map<?, ?> node6 = (Map<?, ?>) Json.parse(ok(r));
              assertTrue(later(node6), node6.toString());
              for (Object q : (List<?>) node6.get("requests")) {
                assertEquals("done", ((Map<?, ?>) q).get("status"), q.toString());
              }
            }));
    return s;
  }

  private static Step step(String command, Check check) {
    return new Step(command, SHORT, check);
  }

  private static boolean later(Map<?, ?> node) {
    Object on = node.get("lastPoweredOn");
    Object since = node.get("pendingRebootSince");
    return on != null
        && since != null
        && ((Number) on).doubleValue() > ((Number) since).doubleValue();
  }

  private static String ok(DemoProcess.Result r) {
    assertEquals(0, r.exit(), "exit code of '" + r.command() + "': " + r.all());
    return r.out();
  }

  private void printed(String line) throws Exception {
    assertTrue(demo.tail().contains(line), "the demo printed '" + line + "'");
  }

  private Map<?, ?> reboots(String node) throws Exception {
    return (Map<?, ?>) demo.get("/1/nodes/" + node + "/reboot");
  }
}
