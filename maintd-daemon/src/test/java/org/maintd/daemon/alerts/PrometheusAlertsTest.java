package org.maintd.daemon.alerts;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.daemon.testing.GaugeTarget;
import org.maintd.daemon.testing.PrometheusServer;
import org.maintd.guard.AlertFilter;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AlertInterlock.OnError;
import org.maintd.guard.AlertState;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.WaitReason;

/**
 * The alert interlock against a real Prometheus (Debian's package) scraping a gauge the test sets,
 * with a rule file of three alerts: {@code TroubleFiring} fires at once when the gauge is 1, {@code
 * SlowTrouble} stays pending (for 1 h) when it is 2, and {@code Watchdog} always fires and is
 * ignored by the filter. Each case asks as the interlock's part does and waits (Awaitility) until
 * Prometheus has scraped and evaluated. Prometheus down holds planned work, unless told to proceed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PrometheusAlertsTest {
  private static final String RULES =
      String.join(
          "\n",
          "groups:",
          "  - name: maintd-test",
          "    interval: 1s",
          "    rules:",
          "      - alert: TroubleFiring",
          "        expr: maintd_test_trouble == 1",
          "        for: 0s",
          "      - alert: SlowTrouble",
          "        expr: maintd_test_trouble == 2",
          "        for: 1h",
          "      - alert: Watchdog",
          "        expr: vector(1)",
          "");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

  @TempDir static Path dir;
  private static GaugeTarget target;
  private static PrometheusServer prometheus;
  private static HttpClient client;

  @BeforeAll
  static void start() throws Exception {
    PrometheusServer.require();
    target = new GaugeTarget();
    Files.writeString(dir.resolve("rules.yml"), RULES);
    prometheus =
        PrometheusServer.start(
            dir,
            String.join(
                "\n",
                "global:",
                "  scrape_interval: 1s",
                "  evaluation_interval: 1s",
                "rule_files: [rules.yml]",
                "scrape_configs:",
                "  - job_name: maintd-test",
                "    static_configs:",
                "      - targets: ['" + target.address() + "']",
                ""));
    client = new HttpClient();
    client.start();
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) {
      client.stop();
    }
    if (prometheus != null) {
      prometheus.close();
    }
    if (target != null) {
      target.close();
    }
  }

  @BeforeEach
  void noTrouble() {
    if (target != null) {
      target.trouble.set(0);
    }
  }

  private static Maintenance.Interlock interlock(URI url, AlertFilter filter, OnError onError) {
    return new Maintenance.Interlock(
        url, Duration.ofSeconds(2), new AlertInterlock(filter, onError));
  }

  private static PrometheusAlerts alerts(URI url, AlertFilter filter, OnError onError) {
    return new PrometheusAlerts(client, interlock(url, filter, onError));
  }

  /** The interlock's part over a real query, asked once, as it asks at its start. */
  private static InterlockPart askedOnce(URI url, AlertFilter filter, OnError onError) {
    FakeClock clock = new FakeClock(NOW);
    InterlockPart part =
        new InterlockPart(
            alerts(url, filter, onError),
            interlock(url, filter, onError),
            Duration.ofSeconds(30),
            clock,
            clock);
    part.ask();
    return part;
  }

  private static final AlertFilter IGNORE_WATCHDOG = new AlertFilter("^Watchdog$", false, false);

  private static void awaitHeld(PrometheusAlerts alerts, AlertFilter filter, String expected) {
    PlannedWorkGuard guard =
        new PlannedWorkGuard(
            Optional.empty(), Optional.of(new AlertInterlock(filter, OnError.HOLD)));
    await("planned work: " + expected)
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> guard.holds(NOW, alerts.read()).map(WaitReason::text).orElse(""),
            expected::equals);
  }

  @Test
  @Order(1)
  void noAlertButTheIgnoredOneLetsPlannedWorkGo() {
    PrometheusAlerts ignoring = alerts(prometheus.url(), IGNORE_WATCHDOG, OnError.HOLD);
    awaitHeld(ignoring, IGNORE_WATCHDOG, "");
    assertEquals(
        new InterlockStatus(true, 0),
        askedOnce(prometheus.url(), IGNORE_WATCHDOG, OnError.HOLD).status());
    PrometheusAlerts every = alerts(prometheus.url(), AlertFilter.everyAlert(), OnError.HOLD);
    awaitHeld(every, AlertFilter.everyAlert(), "1 alert(s) active: Watchdog");
    assertEquals(
        new InterlockStatus(true, 1),
        askedOnce(prometheus.url(), AlertFilter.everyAlert(), OnError.HOLD).status());
  }

  @Test
  @Order(2)
  void aFiringAlertHoldsPlannedWorkFiringOnlyOrNot() {
    target.trouble.set(1);
    PrometheusAlerts alerts = alerts(prometheus.url(), IGNORE_WATCHDOG, OnError.HOLD);
    awaitHeld(alerts, IGNORE_WATCHDOG, "1 alert(s) active: TroubleFiring");
    AlertFilter firingOnly = new AlertFilter("^Watchdog$", false, true);
    awaitHeld(alerts, firingOnly, "1 alert(s) active: TroubleFiring");
    target.trouble.set(0);
    awaitHeld(alerts, IGNORE_WATCHDOG, "");
  }

  @Test
  @Order(3)
  void aPendingAlertHoldsPlannedWorkUnlessFiringOnly() {
    target.trouble.set(2);
    PrometheusAlerts alerts = alerts(prometheus.url(), IGNORE_WATCHDOG, OnError.HOLD);
    awaitHeld(alerts, IGNORE_WATCHDOG, "1 alert(s) active: SlowTrouble (pending)");
    awaitHeld(alerts, new AlertFilter("^Watchdog$", false, true), "");
    awaitHeld(alerts, new AlertFilter("^Trouble", true, false), "");
  }

  @Test
  @Order(4)
  void anAnswerThatIsNoVectorOfAlertsIsUnknown() {
    URI url = URI.create("http://" + target.address());
    assertEquals(
        new AlertState.Unknown("HTTP 404 with something that is not JSON: 404 page not found"),
        alerts(url, IGNORE_WATCHDOG, OnError.HOLD).read());
    InterlockPart wrong = askedOnce(url, IGNORE_WATCHDOG, OnError.HOLD);
    assertEquals(new InterlockStatus(false, 0), wrong.status());
    assertEquals(
        new AlertState.Unknown(
            "Prometheus at "
                + url
                + " has not answered since maintd began asking at 2026-11-27T12:00:00Z (last try:"
                + " HTTP 404 with something that is not JSON: 404 page not found)"),
        wrong.read());
  }

  @Test
  @Order(5)
  void prometheusDownHoldsPlannedWorkUnlessToldToProceed() {
    URI url = prometheus.url();
    prometheus.close();
    InterlockPart holding = askedOnce(url, IGNORE_WATCHDOG, OnError.HOLD);
    AlertState down = holding.read();
    assertTrue(
        down instanceof AlertState.Unknown u
            && u.reason()
                .startsWith(
                    "Prometheus at "
                        + url
                        + " has not answered since maintd began asking at 2026-11-27T12:00:00Z"
                        + " (last try: "),
        down.toString());
    assertEquals(new InterlockStatus(false, 0), holding.status());
    AlertInterlock hold = new AlertInterlock(IGNORE_WATCHDOG, OnError.HOLD);
    assertEquals(
        Optional.of(new PlannedWorkHold.AlertsUnknown(((AlertState.Unknown) down).reason())),
        hold.holds(down));
    AlertInterlock proceed = new AlertInterlock(IGNORE_WATCHDOG, OnError.PROCEED);
    assertEquals(
        Optional.empty(), proceed.holds(askedOnce(url, IGNORE_WATCHDOG, OnError.PROCEED).read()));
  }
}
