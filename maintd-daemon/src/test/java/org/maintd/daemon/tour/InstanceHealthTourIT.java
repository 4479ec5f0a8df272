package org.maintd.daemon.tour;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's "Instance health" tour, walked as its reader walks it against a fresh {@code
 * scripts/demo --state-dir .demo-health --instance-health}: a crashed instance runs again within
 * two rounds, one whose starts keep failing shows {@code restarting (n of 5)} and then {@code gave
 * up}, and a campaign's reboot of node4 is followed by the disk activations of the DRBD instances
 * whose secondary is node4. The commands here must be exactly the README's.
 */
class InstanceHealthTourIT {
  private static final Duration SHORT = Duration.ofSeconds(60);

  @TempDir Path tmp;

  /** What the tour's commands printed, for docs/operations.md's transcript. */
  private static final Path TRANSCRIPT =
      DemoProcess.TOP.resolve("maintd-daemon/target/instance-health-tour.txt");

  private final StringBuilder transcript = new StringBuilder();
  private DemoProcess demo;

  /** One command of the tour and what it must show. */
  record Step(String command, Check check) {}

  /** What a step must show; it may wait for the daemon to get there. */
  interface Check {
    void verify(DemoProcess.Result result) throws Exception;
  }

  @Test
  void everyCommandOfTheInstanceHealthTourShowsWhatTheReadmeSays() throws Exception {
    List<Step> steps = steps();
    ReadmeTour.assertSame(
        steps.stream().map(Step::command).toList(),
        ReadmeTour.commands(DemoProcess.TOP.resolve("README.md"), "Instance health"));
    try (DemoProcess d = DemoProcess.health(tmp)) {
      demo = d;
      d.start("--instance-health");
      for (Step step : steps) {
        DemoProcess.Result result =
            step.command().startsWith("export ") || step.command().startsWith("scripts/demo")
                ? new DemoProcess.Result(step.command(), 0, "", "")
                : d.run(step.command(), Duration.ofSeconds(300));
        transcript.append("$ ").append(step.command()).append('\n').append(result.out());
        try {
          step.check().verify(result);
        } catch (AssertionError | RuntimeException e) {
          java.nio.file.Files.writeString(TRANSCRIPT, transcript);
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
      java.nio.file.Files.writeString(TRANSCRIPT, transcript);
    }
  }

  private List<Step> steps() {
    List<Step> s = new ArrayList<>();
    s.add(
        new Step(
            "scripts/demo --state-dir .demo-health --instance-health",
            r -> assertTrue(demo.tail().contains("Stop with Ctrl-C."))));
    s.add(
        new Step(
            "export MAINTD_KEY_FILE=.demo-health/hmac.key",
            r -> assertTrue(demo.tail().contains("export MAINTD_KEY_FILE="))));
    s.add(
        new Step(
            "scripts/maintctl sim instance inst01 --status ERROR_down",
            r -> assertEquals("inst01 is now ERROR_down", ok(r).strip())));
    s.add(
        new Step(
            "scripts/maintctl instances",
            r -> {
              ok(r);
              awaitTrue(
                  "inst01 running again, ok",
                  () ->
                      ok(demo.run("scripts/maintctl instances", SHORT))
                          .matches("(?s).*inst01\\s+node3\\s+node2\\s+drbd\\s+running\\s+ok\\s.*"));
              assertEquals(1, jobs("startup", "inst01"));
            }));
    s.add(
        new Step(
            "scripts/maintctl sim fail --op startup --instance inst06 --times 5",
            r ->
                assertTrue(ok(r).contains("the next 5 startup operation(s) of inst06 will fail"))));
    s.add(
        new Step(
            "scripts/maintctl sim instance inst06 --status ERROR_down",
            r -> assertEquals("inst06 is now ERROR_down", ok(r).strip())));
    s.add(
        new Step(
            "scripts/maintctl instances",
            r -> {
              ok(r);
              List<String> seen = new ArrayList<>();
              await("inst06 restarting, then given up")
                  .atMost(Duration.ofSeconds(120))
                  .pollInterval(Duration.ofMillis(200))
                  .until(
                      () -> {
                        String health = health("inst06");
                        if (seen.isEmpty() || !seen.get(seen.size() - 1).equals(health)) {
                          seen.add(health);
                        }
                        return health.startsWith("gave up at ");
                      });
              assertTrue(
                  seen.stream().anyMatch(h -> h.matches("restarting \\([1-5] of 5\\)")),
                  seen.toString());
              assertEquals(5, jobs("startup", "inst06"));
              assertTrue(
                  ok(demo.run("scripts/maintctl instances", SHORT))
                      .matches("(?s).*inst06\\s+.*ERROR_down\\s+gave up at \\S+Z\\s.*"));
            }));
    s.add(
        new Step(
            "scripts/maintctl campaign start --node node4 --soak 10s --wait",
            r -> assertTrue(ok(r).contains("status: completed"), r.all())));
    s.add(
        new Step(
            "scripts/maintctl sim jobs",
            r -> {
              for (String inst : List.of("inst09", "inst11", "inst12")) {
                awaitTrue(
                    inst + "'s disks activated",
                    () ->
                        ok(demo.run("scripts/maintctl sim jobs", SHORT))
                            .matches(
                                "(?s).*\\ssuccess\\s[^\\n]*\\sactivate-disks " + inst + "\\s.*"));
              }
              assertTrue(ok(r).contains("campaign"), r.out());
            }));
    return s;
  }

  private String health(String instance) throws Exception {
    return demo.list("/1/instances").stream()
        .filter(i -> i.get("name").equals(instance))
        .findFirst()
        .map(i -> (String) i.get("health"))
        .orElseThrow();
  }

  private long jobs(String kind, String instance) throws Exception {
    return demo.list("/1/sim/jobs").stream()
        .map(j -> j.get("operations").toString())
        .filter(o -> o.contains("op=" + kind + ",") && o.contains("instance=" + instance + ","))
        .count();
  }

  private static String ok(DemoProcess.Result r) {
    assertEquals(0, r.exit(), "exit code of '" + r.command() + "': " + r.all());
    return r.out();
  }

  private static void awaitTrue(String what, Callable<Boolean> condition) {
    await(what)
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(condition);
  }
}
