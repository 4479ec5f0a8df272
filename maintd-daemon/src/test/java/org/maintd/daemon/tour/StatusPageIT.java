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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.HeadlessChromium;
import org.openqa.selenium.By;

/**
 * The status page in Debian's headless Chromium against {@code scripts/demo}'s daemon, one demo for
 * the class, driven as an operator drives it: a report becomes an incident on the page within two
 * of the page's poll intervals without a reload, and is acknowledged from the page; a cancel made
 * with maintctl shows, with the pause banner; a schedule shows on the timeline and its machine's
 * mode follows it (DRAIN, DOWN, UP); a reboot hold is refused from the page without credentials
 * (401) and without write (403) and released with them; a campaign's progress moves and it is
 * paused and resumed from the page; a rehearsal played with maintctl shows as a timeline with a row
 * for each of its jobs and waits; the page is usable 375 px wide; and no page writes an error to
 * the console but the refusals the test asked for. Writes the screenshots in docs/screenshots.
 * Costs about three minutes (the demo's start, a campaign of two reboots).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StatusPageIT {
  /** The page polls every 2 s. */
  private static final Duration POLL = Duration.ofSeconds(2);

  private static final Duration SHORT = Duration.ofSeconds(60);
  private static final Duration LONG = Duration.ofSeconds(180);
  static final Path SHOTS = DemoProcess.TOP.resolve("docs/screenshots");

  @TempDir static Path tmp;
  private static DemoProcess demo;
  private static HeadlessChromium browser;
  private static StatusPageDriver page;

  /** The console errors this test caused on purpose (a refusal's status line). */
  private final List<String> expectedErrors = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    HeadlessChromium.require();
    demo = new DemoProcess(tmp);
    demo.start();
    Files.writeString(demo.state.resolve("users"), "operator secret write\nreader secret\n");
    browser = HeadlessChromium.open(1280, 1000);
    page = new StatusPageDriver(browser, "http://127.0.0.1:" + demo.port);
  }

  @AfterAll
  static void stop() throws Exception {
    if (browser != null) {
      browser.close();
    }
    if (demo != null) {
      demo.close();
    }
  }

  @AfterEach
  void theConsoleHasNoErrorsButTheRefusalsAskedFor() {
    List<String> errors = browser.consoleErrors();
    assertEquals(expectedErrors.size(), errors.size(), "console errors: " + errors);
    for (int i = 0; i < errors.size(); i++) {
      assertTrue(errors.get(i).contains(expectedErrors.get(i)), errors.toString());
    }
  }

  @Test
  @Order(1)
  void aReportBecomesAnIncidentWithinTwoPollsWithoutReloadAndIsAcknowledgedFromThePage()
      throws Exception {
    page.open("/ui");
    page.markLoaded();
    ok("scripts/maintctl sim diagnose node3 evacuate --details '{\"disk\":\"sdb\"}'");
    await("node3's incident in the API")
        .atMost(SHORT)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> incidentOf("node3") != null);
    long seen = System.nanoTime();
    await("node3's incident on the page")
        .atMost(POLL.multipliedBy(2))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> page.has("#incidents tr[data-node='node3']"));
    System.out.printf(
        "the incident showed on the page %d ms after the API had it%n",
        (System.nanoTime() - seen) / 1_000_000);
    assertTrue(page.notReloaded(), "the page showed it without a reload");

    await("node3 evacuated")
        .atMost(LONG)
        .until(
            () -> page.attr("#incidents tr[data-node='node3']", "data-status"),
            "completed"::equals);
    String uuid = (String) incidentOf("node3").get("uuid");
    page.open("/ui/incidents/" + uuid);
    assertTrue(page.text("#incident").contains("History"), page.text("#incident"));
    page.fullScreenshot(SHOTS.resolve("incident.png"));

    ok("scripts/maintctl sim diagnose node3 Ok");
    page.login("operator", "secret");
    page.click("#incident button.act");
    await("acknowledged").atMost(SHORT).until(() -> page.text("#notice").startsWith("Done"));
    await("the incident page says it is gone")
        .atMost(SHORT)
        .until(() -> page.text("#notice").contains("no longer kept"));
    expectedErrors.add("404");
    await("node3 back")
        .atMost(SHORT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> demo.run("scripts/maintctl up node3", SHORT).exit() == 0);
  }

  @Test
  @Order(2)
  void aCancelMadeWithMaintctlShowsOnThePage() throws Exception {
    page.open("/ui");
    page.markLoaded();
    ok("scripts/maintctl pause");
    await("paused banner").atMost(SHORT).until(() -> page.has("#paused"));
    ok("scripts/maintctl sim diagnose node7 evacuate");
    await("node7 noted")
        .atMost(SHORT)
        .until(() -> page.attr("#incidents tr[data-node='node7']", "data-status"), "noted"::equals);
    ok("scripts/maintctl cancel node7");
    await("node7 canceled")
        .atMost(POLL.multipliedBy(3))
        .until(
            () -> page.attr("#incidents tr[data-node='node7']", "data-status"), "canceled"::equals);
    ok("scripts/maintctl resume");
    ok("scripts/maintctl sim diagnose node7 Ok");
    await("no pause banner").atMost(SHORT).until(() -> !page.has("#paused"));
    assertTrue(page.notReloaded());
  }

  @Test
  @Order(3)
  void aScheduleShowsOnTheTimelineAndItsMachinesModeFollows() throws Exception {
    page.open("/ui");
    page.markLoaded();
    ok("scripts/maintctl schedule add node5 --start +10s --duration 10m");
    await("node5 DRAIN on the timeline")
        .atMost(SHORT)
        .until(() -> page.attr("#machine-node5", "data-mode"), "DRAIN"::equals);
    assertEquals("DRAIN", page.attr("#node-node5", "data-mode"));
    await("node5 DOWN")
        .atMost(LONG)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> demo.run("scripts/maintctl down node5", SHORT).exit() == 0);
    await("node5 DOWN on the timeline")
        .atMost(POLL.multipliedBy(3))
        .until(() -> page.attr("#machine-node5", "data-mode"), "DOWN"::equals);
    assertEquals("DOWN", page.attr("#node-node5", "data-mode"));
    ok("scripts/maintctl schedule add node12 --start +3h --duration 2h");
    await("node12 on the timeline").atMost(SHORT).until(() -> page.has("#machine-node12"));
    page.elementScreenshot("#schedule", SHOTS.resolve("schedule.png"));
    ok("scripts/maintctl up node5");
    await("node5 UP, off the schedule")
        .atMost(SHORT)
        .until(
            () ->
                !page.has("#machine-node5") && "UP".equals(page.attr("#node-node5", "data-mode")));
    assertTrue(page.notReloaded());
  }

  @Test
  @Order(4)
  void aRebootHoldIsReleasedFromThePageWithBasicAuthAndRefusedWithout() throws Exception {
    ok("scripts/maintctl reboot node4 --key alpha --reason disk-swap --no-evacuate");
    await("node4 held")
        .atMost(LONG)
        .pollInterval(Duration.ofMillis(500))
        .until(() -> "held".equals(((Map<?, ?>) demo.get("/1/nodes/node4/reboot")).get("phase")));
    page.open("/ui");
    String release = "#reboots tr[data-node='node4'][data-key='alpha'] button.release";
    await("the release button").atMost(SHORT).until(() -> page.has(release));

    page.logout();
    refused(release, 401, "without credentials");
    page.login("operator", "wrong");
    refused(release, 401, "with a wrong password");
    page.login("reader", "secret");
    refused(release, 403, "without write");
    assertEquals(List.of("alpha"), ((Map<?, ?>) demo.get("/1/nodes/node4/reboot")).get("keys"));

    page.login("operator", "secret");
    page.click(release);
    await("released").atMost(SHORT).until(() -> page.text("#notice").startsWith("Done"));
    assertEquals(List.of(), ((Map<?, ?>) demo.get("/1/nodes/node4/reboot")).get("keys"));
    await("no request left on the page").atMost(SHORT).until(() -> !page.has(release));
  }

  @Test
  @Order(5)
  void aCampaignsProgressMovesAndItIsPausedAndResumedFromThePage() throws Exception {
    page.open("/ui");
    page.markLoaded();
    page.login("operator", "secret");
    ok("scripts/maintctl campaign start --node node8 --node node9 --soak 2s");
    String card = "#campaigns article.campaign";
    await("the campaign on the page").atMost(SHORT).until(() -> page.has(card));
    assertEquals("0", page.attr(card, "data-done"));
    await("a node rebooting")
        .atMost(SHORT)
        .until(() -> page.has(card + " .seg.phase-reboot, " + card + " .seg.phase-boot"));
    page.elementScreenshot("#campaigns", SHOTS.resolve("campaign.png"));
    page.click(card + " button.act[data-url$='/pause']");
    await("paused").atMost(SHORT).until(() -> page.attr(card, "data-status"), "paused"::equals);
    page.click(card + " button.act[data-url$='/resume']");
    await("running").atMost(SHORT).until(() -> page.attr(card, "data-status"), "running"::equals);
    await("progress moved")
        .atMost(LONG)
        .until(() -> Integer.parseInt(page.attr(card, "data-done")) >= 1);
    assertTrue(page.notReloaded());
    page.fullScreenshot(SHOTS.resolve("overview.png"));
  }

  @Test
  @Order(6)
  void aRehearsalPlayedThroughTheApiShowsOnThePageAsATimelineWithoutReload() throws Exception {
    page.open("/ui");
    page.markLoaded();
    assertTrue(page.text("#no-rehearsal").contains("maintctl rehearse --drain NODE"));
    DemoProcess.Result played = demo.run("scripts/maintctl rehearse --drain node2", LONG);
    assertTrue(played.exit() == 0 || played.exit() == 1, played.all());
    Map<?, ?> last = (Map<?, ?>) demo.get("/1/rehearsals/last");
    List<String> rows = new ArrayList<>();
    for (Object round : (List<?>) last.get("rounds")) {
      for (Object job : (List<?>) ((Map<?, ?>) round).get("jobs")) {
        rows.add("#rehearsed-job-" + ((Map<?, ?>) job).get("id"));
      }
    }
    for (int i = 1; i <= ((List<?>) last.get("waits")).size(); i++) {
      rows.add("#rehearsed-wait-" + i);
    }
    assertFalse(rows.isEmpty(), "a drain submits a job or waits: " + last);
    await("the rehearsal's rows on the page")
        .atMost(POLL.multipliedBy(3))
        .until(() -> rows.stream().allMatch(page::has));
    assertTrue(page.notReloaded(), "the page showed it without a reload");
    assertTrue(page.text("#rehearsal-act").startsWith("drain node2: "), page.text("#rehearsal"));
    assertEquals(
        ((Map<?, ?>) last.get("ending")).get("kind"), page.attr("#rehearsal-ending", "data-kind"));
    assertEquals("Last rehearsal", page.text("#rehearsal h2"));
    String bar = rows.get(0) + " .lane .window";
    assertTrue(Double.parseDouble(page.attr(bar, "data-width")) > 0, page.attr(bar, "style"));
    assertTrue(page.number("return document.querySelector('" + bar + "').offsetWidth") > 0);
    page.elementScreenshot("#rehearsal", SHOTS.resolve("rehearsal.png"));
  }

  @Test
  @Order(7)
  void thePageIsUsable375PixelsWide() throws Exception {
    try (HeadlessChromium phone = HeadlessChromium.open(375, 812)) {
      StatusPageDriver small = new StatusPageDriver(phone, "http://127.0.0.1:" + demo.port);
      small.open("/ui");
      assertEquals(375, small.number("return window.innerWidth"), "a phone's width");
      long width = small.number("return document.documentElement.scrollWidth");
      assertTrue(width <= 375, "the page is " + width + " px wide, wider than the phone");
      assertTrue(
          phone.driver().findElement(By.cssSelector("nav a[href='/ui#nodes']")).isDisplayed());
      assertTrue(phone.driver().findElement(By.cssSelector("#login button")).isDisplayed());
      assertTrue(small.has("#node-node1"));
      small.fullScreenshot(SHOTS.resolve("phone.png"));
      assertEquals(List.of(), phone.consoleErrors());
    }
  }

  /**
   * Clicks {@code button}, which the API refuses with {@code status}: the page says so, with the
   * API's reason, and the console shows the refused request (expected).
   */
  private void refused(String button, int status, String why) {
    page.click(button);
    String said = "Refused (" + status + "): ";
    await("refused " + why)
        .atMost(SHORT)
        .until(
            () -> page.text("#notice"), t -> t.startsWith(said) && t.length() > said.length() + 5);
    expectedErrors.add(Integer.toString(status));
  }

  private static void ok(String command) throws Exception {
    DemoProcess.Result r = demo.run(command, SHORT);
    assertEquals(0, r.exit(), r.all());
  }

  private static Map<String, Object> incidentOf(String node) throws Exception {
    return demo.list("/1/status").stream()
        .filter(i -> node.equals(i.get("node")))
        .findFirst()
        .orElse(null);
  }
}
