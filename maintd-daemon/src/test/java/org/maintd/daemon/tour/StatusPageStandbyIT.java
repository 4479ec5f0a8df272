package org.maintd.daemon.tour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.HeadlessChromium;

/**
 * A standby's status page on the highly available demo ({@code scripts/demo --ha}), in headless
 * Chromium: it says the daemon stands by, offers no change, names the leader and links its page,
 * which leads and offers the changes; no console error on either. Writes docs/screenshots/
 * standby.png. Costs about a minute (three daemons and ZooKeeper start).
 */
class StatusPageStandbyIT {
  @TempDir Path tmp;

  @Test
  void aStandbysPageNamesAndLinksTheLeadersPage() throws Exception {
    HeadlessChromium.require();
    try (DemoProcess d = DemoProcess.highlyAvailable(tmp);
        HeadlessChromium browser = HeadlessChromium.open(1280, 900)) {
      d.start("--ha");
      StatusPageDriver standby = new StatusPageDriver(browser, "http://127.0.0.1:" + d.apiPort);
      standby.open("/ui");
      String leader = "http://127.0.0.1:" + d.port;
      assertTrue(
          standby.text("#standby").startsWith("This daemon stands by"), standby.text("#standby"));
      assertEquals(leader, standby.text("#leader-link"));
      assertEquals(leader + "/ui", standby.attr("#leader-link", "href"));
      assertTrue(!standby.has("button.act"), "a standby's page offers no change");
      standby.fullScreenshot(StatusPageIT.SHOTS.resolve("standby.png"));

      standby.click("#leader-link");
      assertEquals(leader + "/ui", browser.driver().getCurrentUrl());
      assertEquals("yes", standby.attr("body", "data-leads"));
      assertTrue(!standby.has("#standby"));
      assertTrue(standby.has("button.act[data-url='/1/pause']"), "the leader offers changes");
      assertEquals(java.util.List.of(), browser.consoleErrors());
    }
  }
}
