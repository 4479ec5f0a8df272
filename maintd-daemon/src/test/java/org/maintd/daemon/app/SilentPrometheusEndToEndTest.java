package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.SilentServer;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.guard.AlertFilter;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AllowedHours;

/**
 * The alert interlock with a Prometheus that accepts connections and never answers (a socket that
 * holds them: a real Prometheus cannot be made to hang). The daemon asks it on the interlock's own
 * thread, so no tick waits for its timeout: a campaign's reboot of n4 (drain, moves, reboot,
 * undrain, moves home) runs with {@code onError: proceed} in ticks far shorter than one timeout, as
 * the daemon's own tick timer shows; with {@code onError: hold} planned work waits, and the plan
 * says since when Prometheus has not answered, while the ticks stay as short.
 */
class SilentPrometheusEndToEndTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  @TempDir Path tmp;
  TestCluster cluster;
  SilentServer prometheus;

  @BeforeEach
  void silence() throws Exception {
    prometheus = new SilentServer();
  }

  @AfterEach
  void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
    prometheus.close();
  }

  private void start(AlertInterlock.OnError onError) throws Exception {
    cluster = new TestCluster(tmp);
    Maintenance d = Maintenance.defaults();
    cluster.maintenance =
        new Maintenance(
            d.drainAhead(),
            d.consent(),
            AllowedHours.anyTime(),
            Optional.of(
                new Maintenance.Interlock(
                    prometheus.url(),
                    TIMEOUT,
                    new AlertInterlock(AlertFilter.everyAlert(), onError))));
    cluster.startDaemon();
  }

  private MaintctlRun ctl(String... args) {
    return MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, args);
  }

  /** A sample of the daemon's {@code /metrics}, by its name and labels. */
  private double metric(String sample) throws Exception {
    Matcher m =
        Pattern.compile("(?m)^" + Pattern.quote(sample) + " ([0-9.eE+-]+)$")
            .matcher(cluster.getRaw("/metrics").body());
    assertTrue(m.find(), "no " + sample + " in /metrics");
    return Double.parseDouble(m.group(1));
  }

  /** The ticks so far, each far shorter than one timeout: none waited for Prometheus. */
  private void assertNoTickWaited() throws Exception {
    double ticks = metric("maintd_tick_seconds_count");
    double longest = metric("maintd_tick_seconds_max");
    double mean = metric("maintd_tick_seconds_sum") / ticks;
    double timeout = TIMEOUT.toSeconds();
    assertTrue(
        longest < timeout / 2 && mean < timeout / 20,
        ticks + " ticks, the longest " + longest + " s, on average " + mean + " s");
  }

  @Test
  void withOnErrorProceedACampaignRunsInTicksFarShorterThanTheTimeout() throws Exception {
    start(AlertInterlock.OnError.PROCEED);
    assertTrue(prometheus.accepted() >= 1, "the daemon asked Prometheus at its start");
    MaintctlRun run = ctl("campaign", "start", "--node", "n4", "--soak", "200ms", "--wait");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().startsWith("status: completed\n"), run.out());
    String plan = ctl("plan").out();
    assertFalse(plan.contains("planned work held"), plan);
    assertEquals(0.0, metric("maintd_alert_interlock_up"));
    assertNoTickWaited();
    assertTrue(metric("maintd_tick_seconds_count") >= 10, "the campaign took ticks");
  }

  @Test
  void withOnErrorHoldPlannedWorkWaitsAndThePlanSaysSinceWhenPrometheusHasNotAnswered()
      throws Exception {
    start(AlertInterlock.OnError.HOLD);
    String held =
        "the alerts cannot be read: Prometheus at "
            + prometheus.url()
            + " has not answered since maintd began asking at ";
    assertTrue(ctl("plan").out().contains("planned work held: " + held), ctl("plan").out());
    assertTrue(
        ctl("plan").out().contains("(last try: no answer within " + TIMEOUT.toMillis() + " ms)"),
        ctl("plan").out());
    Map<?, ?> json = (Map<?, ?>) ((Map<?, ?>) cluster.get("/1/plan")).get("planned_work_held");
    assertEquals("alert-unknown", json.get("kind"));
    assertEquals(0, ctl("campaign", "start", "--node", "n4").code());
    cluster.awaitTicks(20);
    assertTrue(
        ctl("campaign", "show").out().contains("group 1 of 1 does not start: " + held),
        ctl("campaign", "show").out());
    assertTrue(
        cluster.simJobs().stream().noneMatch(j -> j.get("reason").toString().contains("drain n4")),
        cluster.simJobs().toString());
    assertEquals(1.0, metric("maintd_planned_work_held{kind=\"alert-unknown\"}"));
    assertNoTickWaited();
  }
}
