package org.maintd.daemon.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.http.ApiRoutes;
import org.maintd.daemon.http.ApiServer;
import org.maintd.daemon.http.TestApiServer;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.TestViews;
import org.maintd.health.HealthSettings;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PartHealth;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.round.Command;
import org.maintd.round.PlanSnapshot;
import org.maintd.wait.PlannedWorkHold;

/**
 * The status page's routes on the API's real server (port 0) over a view a test publishes: the page
 * shows the view's incidents and nodes, a poll of an unchanged page is a 304 and one after a new
 * view with a change is not, a standby's page names and links the leader and offers no change, its
 * script and style are served from the jar, and an unknown incident is a 404.
 */
class UiRoutesTest {
  private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
  private static final HealthView LEADER =
      new HealthView("RUNNING", true, "", "n1", null, "", List.of(), List.of(), List.of());
  private static final HealthView STANDBY =
      new HealthView(
          "STANDBY", false, "http://n2:1816", "n1", null, "", List.of(), List.of(), List.of());

  @TempDir Path tmp;
  private final AtomicReference<DaemonView> view = new AtomicReference<>();
  private final AtomicReference<HealthView> health = new AtomicReference<>(LEADER);
  private final HttpClient http = HttpClient.newHttpClient();
  private Server server;

  @BeforeEach
  void start() throws Exception {
    view.set(view(0));
    server =
        TestApiServer.start(
            new ApiRoutes.Sources(
                view::get, noCommands(), health::get, () -> "", memory -> Optional.empty()),
            List.of(
                new UiRoutes(
                    view::get,
                    health::get,
                    HealthSettings.on(),
                    Clock.systemUTC(),
                    new org.maintd.daemon.http.LastRehearsal())),
            new HmacKey("k".getBytes(StandardCharsets.UTF_8)),
            tmp.resolve("users"),
            new ApiServer.Limits(Duration.ofSeconds(10), 65536));
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  @Test
  void anUnchangedPageIsA304AndANewIncidentShowsInTheNextView() throws Exception {
    HttpResponse<String> first = get("/ui");
    assertEquals(200, first.statusCode());
    assertEquals("text/html; charset=utf-8", first.headers().firstValue("Content-Type").get());
    assertTrue(first.body().contains("No incidents."), first.body());
    String etag = first.headers().firstValue("ETag").orElseThrow();

    assertEquals(304, get("/ui", "If-None-Match", etag).statusCode());
    view.set(view(0));
    assertEquals(304, get("/ui", "If-None-Match", etag).statusCode(), "a new view, the same page");

    view.set(view(1));
    HttpResponse<String> changed = get("/ui", "If-None-Match", etag);
    assertEquals(200, changed.statusCode());
    assertTrue(changed.body().contains("data-node=\"n2\" data-status=\"noted\""), changed.body());
    assertTrue(changed.body().contains("/1/incidents/00000000-0000-0001-0000-000000000000/cancel"));
  }

  @Test
  void aChangeOfHealthShowsWhileTheViewStaysTheSame() throws Exception {
    health.set(poller("12 collectors: {ok=12}", List.of()));
    String etag = get("/ui").headers().firstValue("ETag").orElseThrow();
    health.set(poller("13 collectors: {ok=13}", List.of("notification receiver chat is down")));
    HttpResponse<String> changed = get("/ui", "If-None-Match", etag);
    assertEquals(200, changed.statusCode(), "a warning and a part's detail are on the page");
    assertTrue(changed.body().contains("notification receiver chat is down"), changed.body());
    assertTrue(changed.body().contains("13 collectors: {ok=13}"), changed.body());
  }

  private static HealthView poller(String detail, List<String> warnings) {
    return new HealthView(
        "RUNNING",
        true,
        "",
        "n1",
        1.0,
        "",
        List.of(new PartHealth("poller", "RUNNING", 1.0, "", detail)),
        warnings,
        List.of());
  }

  @Test
  void whatAnOperatorOrANodeWroteIsShownAsTextNeverAsMarkup() throws Exception {
    DaemonView v = view(1);
    view.set(
        new DaemonView(
            v.state().withPaused(true, "<script>alert(1)</script>"),
            v.cluster(),
            v.readings(),
            v.plan(),
            "<img src=x onerror=alert(2)>"));
    String page = get("/ui").body();
    assertFalse(page.contains("<script>alert(1)"), page);
    assertFalse(page.contains("<img src=x"), page);
    assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page);
  }

  @Test
  void thePageTellsTheBrowserToRunOnlyWhatTheDaemonServesAndNotToBeFramed() throws Exception {
    HttpResponse<String> page = get("/ui");
    String policy = page.headers().firstValue("Content-Security-Policy").orElseThrow();
    assertTrue(policy.contains("default-src 'self'"), policy);
    assertTrue(policy.contains("frame-ancestors 'none'"), policy);
    assertFalse(policy.contains("script-src"), "scripts only from the daemon: " + policy);
    String etag = page.headers().firstValue("ETag").orElseThrow();
    for (HttpResponse<String> r :
        List.of(page, get("/ui", "If-None-Match", etag), get("/ui/assets/ui.js"))) {
      assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""));
    }
  }

  @Test
  void aStandbysPageNamesAndLinksTheLeaderAndOffersNoChange() throws Exception {
    view.set(view(1));
    health.set(STANDBY);
    String page = get("/ui").body();
    assertTrue(
        page.contains("<a id=\"leader-link\" href=\"http://n2:1816/ui\">http://n2:1816</a>"), page);
    assertFalse(page.contains("class=\"act\""), "a standby offers no button: " + page);
  }

  @Test
  void theBannersSayWhatHoldsPlannedWorkUntilWhenAndWhatTheStormGuardSaw() throws Exception {
    DaemonView plain = view(0);
    String calm = get("/ui").body();
    assertFalse(calm.contains("id=\"planned-work-held\""), calm);
    assertFalse(calm.contains("id=\"storm\""), calm);
    view.set(
        new DaemonView(
            plain.state(),
            plain.cluster(),
            Map.of(),
            new PlanSnapshot(
                NOW,
                3,
                Optional.empty(),
                List.of(),
                List.of(),
                Map.of(),
                List.of(),
                Optional.of(
                    new PlannedWorkHold.OutsideAllowedHours(
                        "mo-fr 22:00-06:00 UTC",
                        java.time.ZonedDateTime.parse("2026-11-29T22:00Z")))),
            "4 of 5 online nodes (80%) report faults at once"));
    String held = get("/ui").body().replace("&#39;", "'");
    assertTrue(
        held.contains(
            "<p class=\"banner held\" id=\"planned-work-held\">Planned work held (allowed-hours):"
                + " outside the allowed hours (mo-fr 22:00-06:00 UTC): waits until"),
        held);
    assertTrue(
        held.contains(
            "<p class=\"banner storm\" id=\"storm\">Storm guard: 4 of 5 online nodes (80%)"),
        held);
  }

  @Test
  void anIncidentHasAPageWithItsHistoryAndAnUnknownOneIsNotFound() throws Exception {
    view.set(view(1));
    HttpResponse<String> page = get("/ui/incidents/00000000-0000-0001-0000-000000000000");
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("<h2>Incident of n2</h2>"), page.body());
    assertTrue(page.body().contains("<h3>History</h3>"), page.body());

    HttpResponse<String> unknown = get("/ui/incidents/00000000-0000-0009-0000-000000000000");
    assertEquals(404, unknown.statusCode());
    assertTrue(unknown.body().contains("no incident 00000000-0000-0009"), unknown.body());
  }

  @Test
  void theInstancesNeedingAttentionAreListedWithTheirHealth() throws Exception {
    String page = get("/ui").body();
    assertTrue(page.contains("0 of 5 instances."), page);
    view.set(
        TestViews.withIncidents(
            TestCluster.CLUSTER.replace(
                "web1|1024|10000|1|running", "web1|1024|10000|1|ERROR_down"),
            0,
            NOW));
    String crashed = get("/ui").body();
    assertTrue(crashed.contains("1 of 5 instances."), crashed);
    assertTrue(
        crashed.contains(
            "<tr id=\"instance-web1\"><td>web1</td><td>n2</td><td>n3</td><td>ERROR_down</td>"
                + "<td>down, not restarted yet</td>"),
        crashed);
  }

  @Test
  void theScriptAndStyleComeFromTheJarAndNothingElseIsServedUnderAssets() throws Exception {
    HttpResponse<String> script = get("/ui/assets/ui.js");
    assertEquals(200, script.statusCode());
    assertTrue(script.headers().firstValue("Content-Type").get().startsWith("text/javascript"));
    assertTrue(script.body().length() < 8192, "a few kilobytes: " + script.body().length());
    assertEquals(200, get("/ui/assets/ui.css").statusCode());
    assertEquals(404, get("/ui/assets/other.js").statusCode());
  }

  @Test
  void theNodeTableFiltersByModeAndSaysWhatModesThereAre() throws Exception {
    String up = get("/ui?mode=up").body();
    assertTrue(up.contains("<tr id=\"node-n1\" data-mode=\"UP\">"), up);
    assertTrue(up.contains("5 shown of 5 in the cluster."), up);
    String down = get("/ui?mode=DOWN").body();
    assertTrue(down.contains("0 shown of 5 in the cluster."), down);
    assertFalse(down.contains("data-mode=\"UP\""), down);
    String bad = get("/ui?mode=sideways").body().replace("&#39;", "'");
    assertTrue(bad.contains("filter 'mode': a mode is UP, DRAIN or DOWN, not 'sideways'"), bad);
  }

  private static DaemonView view(int incidents) {
    return TestViews.withIncidents(TestCluster.CLUSTER, incidents, NOW);
  }

  private static Commands noCommands() {
    return new Commands() {
      @Override
      public <R> R apply(Command<R> command) {
        throw new IllegalStateException("the page's reads send no command: " + command);
      }
    };
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
