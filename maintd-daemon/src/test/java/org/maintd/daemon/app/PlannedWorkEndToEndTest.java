package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.testing.GaugeTarget;
import org.maintd.daemon.testing.HoursAhead;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.PrometheusServer;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.guard.AlertFilter;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AllowedHours;

/**
 * The guards of planned work in a running daemon: outside the allowed hours a campaign does not
 * start and {@code maintctl plan}, {@code /1/plan} and the metrics say why and until when; while an
 * alert of a real Prometheus fires it waits, and it goes on once the alert clears.
 */
class PlannedWorkEndToEndTest {
  @TempDir Path tmp;
  TestCluster cluster;

  @AfterEach
  void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  private MaintctlRun ctl(String... args) {
    return MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, args);
  }

  private static Maintenance guarded(
      AllowedHours hours, Optional<Maintenance.Interlock> interlock) {
    Maintenance d = Maintenance.defaults();
    return new Maintenance(d.drainAhead(), d.consent(), hours, interlock);
  }

  @Test
  void outsideTheAllowedHoursACampaignDoesNotStartAndThePlanSaysUntilWhen() throws Exception {
    HoursAhead ahead = HoursAhead.in(3);
    LocalTime start = ahead.opens();
    cluster = new TestCluster(tmp);
    cluster.maintenance = ahead.maintenance();
    cluster.startDaemon();
    assertEquals(0, ctl("campaign", "start", "--node", "n4").code());
    String held =
        "outside the allowed hours (mo-su "
            + start
            + "-"
            + start.plusHours(1)
            + " UTC): waits until ";
    cluster.awaitTrue(
        "the campaign waits for the allowed hours",
        () -> ctl("campaign", "show").out().contains("group 1 of 1 does not start: " + held));
    String plan = ctl("plan").out();
    assertTrue(
        plan.matches(
            "(?s)round \\d+: ready\nplanned work held: "
                + held.replace("(", "\\(").replace(")", "\\)")
                + "\\S+\n.*"),
        plan);
    Map<?, ?> json = (Map<?, ?>) cluster.get("/1/plan");
    assertEquals("allowed-hours", ((Map<?, ?>) json.get("planned_work_held")).get("kind"));
    String metrics = cluster.getRaw("/metrics").body();
    assertTrue(metrics.contains("maintd_planned_work_held{kind=\"allowed-hours\"} 1.0"), metrics);
    assertTrue(metrics.contains("maintd_planned_work_held{kind=\"alert\"} 0.0"), metrics);
    assertTrue(drains("n4").isEmpty(), cluster.simJobs().toString());
  }

  @Test
  void whileAnAlertFiresACampaignWaitsAndItGoesOnOnceTheAlertClears() throws Exception {
    PrometheusServer.require();
    try (GaugeTarget target = new GaugeTarget();
        PrometheusServer prometheus = prometheus(target)) {
      target.trouble.set(1);
      cluster = new TestCluster(tmp);
      cluster.maintenance =
          guarded(
              AllowedHours.anyTime(),
              Optional.of(
                  new Maintenance.Interlock(
                      prometheus.url(),
                      Duration.ofSeconds(2),
                      new AlertInterlock(AlertFilter.everyAlert(), AlertInterlock.OnError.HOLD))));
      cluster.startDaemon();
      cluster.awaitTrue(
          "the plan names the firing alert",
          () ->
              ctl("plan").out().contains("planned work held: 1 alert(s) active: TroubleFiring\n"));
      assertEquals(0, ctl("campaign", "start", "--node", "n4").code());
      cluster.awaitTicks(3);
      assertTrue(
          ctl("campaign", "show")
              .out()
              .contains("group 1 of 1 does not start: 1 alert(s) active: TroubleFiring"),
          ctl("campaign", "show").out());
      assertTrue(drains("n4").isEmpty(), cluster.simJobs().toString());
      String metrics = cluster.getRaw("/metrics").body();
      assertTrue(metrics.contains("maintd_alerts_blocking 1.0"), metrics);
      assertTrue(metrics.contains("maintd_alert_interlock_up 1.0"), metrics);
      assertTrue(metrics.contains("maintd_planned_work_held{kind=\"alert\"} 1.0"), metrics);

      target.trouble.set(0);
      cluster.awaitTrue("n4 drained once the alert clears", () -> !drains("n4").isEmpty());
      assertTrue(cluster.getRaw("/metrics").body().contains("maintd_alerts_blocking 0.0"));
    }
  }

  private List<Map<String, Object>> drains(String node) throws Exception {
    return cluster.simJobs().stream()
        .filter(j -> String.valueOf(j.get("reason")).contains("drain " + node + " for its reboot"))
        .toList();
  }

  private PrometheusServer prometheus(GaugeTarget target) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("prometheus"));
    Files.writeString(
        dir.resolve("rules.yml"),
        String.join(
            "\n",
            "groups:",
            "  - name: maintd-test",
            "    interval: 1s",
            "    rules:",
            "      - alert: TroubleFiring",
            "        expr: maintd_test_trouble == 1",
            ""));
    return PrometheusServer.start(
        dir,
        String.join(
            "\n",
            "global: {scrape_interval: 1s, evaluation_interval: 1s}",
            "rule_files: [rules.yml]",
            "scrape_configs:",
            "  - job_name: maintd-test",
            "    static_configs: [{targets: ['" + target.address() + "']}]",
            ""));
  }
}
