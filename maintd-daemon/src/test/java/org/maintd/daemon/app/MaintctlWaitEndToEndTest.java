package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;

/**
 * maintctl's waits against a real daemon on the simulated cluster: each command that starts work
 * returns once the work has ended as the API shows it, so that the next command, typed at once,
 * finds it done; a wait that times out exits 1 while the work goes on. Each test starts its own
 * daemon (about a second) and waits for real work: about 25 s in all.
 */
@org.junit.jupiter.api.Timeout(value = 120, unit = java.util.concurrent.TimeUnit.SECONDS)
class MaintctlWaitEndToEndTest {
  @TempDir Path tmp;
  TestCluster cluster;

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
  }

  private MaintctlRun ctl(String... args) {
    return MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, args);
  }

  private MaintctlRun ok(String... args) {
    MaintctlRun r = ctl(args);
    assertEquals(0, r.code(), String.join(" ", args) + ":\n" + r.out() + r.err());
    return r;
  }

  @Test
  void aNodePoweredOnIsUpWhenPowerOnReturnsSoThatUpWorksAtOnce() throws Exception {
    start();
    ok("sim", "fail", "--op", "boot", "--node", "n5");
    MaintctlRun failed =
        ctl("campaign", "start", "--node", "n5", "--soak", "0s", "--boot-timeout", "1s", "--wait");
    assertEquals(1, failed.code(), failed.err());
    MaintctlRun on = ok("sim", "power-on", "n5");
    assertEquals("n5 powered on\n", on.out());
    assertTrue(
        on.err().startsWith("n5: powered on, its collector does not answer yet\n"), on.err());
    assertTrue(on.err().endsWith("n5: up, its collector reports Ok\n"), on.err());
    MaintctlRun up = ok("up", "n5");
    assertTrue(up.out().startsWith("n5: back in service through job "), up.out());
  }

  @Test
  void aDiagnoseSetIsReadByMaintdWhenItReturnsSoThatStatusShowsItsIncident() throws Exception {
    start();
    cluster.awaitTrue("n4 polled", () -> cluster.node("n4").get("last_report") != null);
    ok("pause");
    MaintctlRun set = ok("sim", "diagnose", "n4", "evacuate");
    assertTrue(set.out().startsWith("n4 will report {\"status\":\"evacuate\""), set.out());
    assertTrue(set.err().contains("n4: maintd has read its report: "), set.err());
    assertEquals(
        List.of("n4"),
        cluster.incidents().stream().map(i -> i.get("node")).toList(),
        "read at once, without waiting here");
    ok("cancel", "n4");
    MaintctlRun clear = ok("sim", "diagnose", "n4", "Ok");
    assertTrue(clear.err().endsWith("n4: maintd has read its report: Ok\n"), clear.err());
    assertEquals("Ok", ((Map<?, ?>) cluster.node("n4").get("collector")).get("detail"));
  }

  @Test
  void cancelWaitsUntilNoneOfTheIncidentsJobsRuns() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.operationTime = Duration.ofSeconds(2);
    cluster.startDaemon();
    ok("sim", "diagnose", "n2", "evacuate", "--no-wait");
    Map<String, Object> pending =
        cluster.awaitIncident(
            "jobs running", on("n2", "pending").and(i -> !((List<?>) i.get("jobs")).isEmpty()));
    MaintctlRun cancel = ok("cancel", "n2", "--wait");
    assertTrue(cancel.err().contains("; its job(s) "), "it waited: " + cancel.err());
    assertTrue(cancel.err().endsWith("canceled; none of its jobs runs\n"), cancel.err());
    assertEquals("incident " + pending.get("uuid") + " on n2 is now canceled\n", cancel.out());
    List<?> running = (List<?>) cluster.get("/1/jobs");
    for (Object job : (List<?>) pending.get("jobs")) {
      assertFalse(running.contains(job), "job " + job + " still runs: " + running);
    }
  }

  @Test
  void releasingTheLastKeyWaitsUntilTheNodeIsBackAndAnotherKeyEndsTheWaitAtOnce() throws Exception {
    start();
    ok("reboot", "n4", "--key", "alpha", "--reason", "disk");
    MaintctlRun held = ok("reboot", "n4", "--key", "beta", "--wait");
    assertTrue(held.out().endsWith(": held\n"), held.out());
    MaintctlRun one = ok("release", "n4", "alpha", "--wait");
    assertTrue(one.err().endsWith("n4: stays off, still held by beta\n"), one.err());
    MaintctlRun last = ok("release", "n4", "beta", "--wait");
    assertTrue(last.out().endsWith(": done\n"), last.out());
    Map<String, Object> n4 = cluster.node("n4");
    assertEquals(false, n4.get("offline"), "back when the wait ends: " + n4);
    assertEquals("UP", n4.get("mode"));
  }

  @Test
  void aWaitThatTimesOutExitsOneSayingTheWorkGoesOn() throws Exception {
    start();
    MaintctlRun r =
        ctl("campaign", "start", "--node", "n5", "--soak", "1m", "--wait", "--timeout", "2s");
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(
        r.err()
            .contains("maintctl: gave up waiting after 2s (--timeout); the work goes on, it was"),
        r.err());
    assertEquals(
        "running", ((Map<?, ?>) ((List<?>) cluster.get("/1/campaigns")).get(0)).get("status"));
  }

  @Test
  void aRefusalThatForceOverridesSaysHowToGiveIt() throws Exception {
    start();
    ok("pause");
    ok("sim", "diagnose", "n4", "live-repair", "--command", "demo-fix");
    MaintctlRun r = ctl("reboot", "n4", "--reason", "for a test");
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(
        r.err()
            .endsWith(
                "; to do it anyway: maintctl --url http://127.0.0.1:"
                    + cluster.port()
                    + " --key-file "
                    + cluster.keyFile
                    + " reboot n4 --reason 'for a test' --force\n"),
        r.err());
  }
}
