package org.maintd.daemon.tour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.HeadlessChromium;

/**
 * The status page of the generated 10,000-node demo ({@code scripts/demo --generate
 * nodes=10000,...}) at work (a tick planned) loads in headless Chromium in under 2 s: the first
 * page (its first render), the next 50 through its link, and a filtered one; each shows 50 nodes
 * and links the next 50. The load times (navigation start to the load event) are printed. Costs
 * about a minute and a half (the generated cluster's start).
 */
class StatusPageScaleIT {
  private static final long LIMIT_MS = 2000;

  @TempDir Path tmp;

  @Test
  void thePageOfTenThousandNodesLoadsInUnderTwoSeconds() throws Exception {
    HeadlessChromium.require();
    try (DemoProcess d = new DemoProcess(tmp);
        HeadlessChromium browser = HeadlessChromium.open(1280, 900)) {
      d.start("--generate", "nodes=10000,instances=20000,groups=100,seed=1");
      // a daemon at work: a tick planned on a poll of every collector
      org.awaitility.Awaitility.await("a plan")
          .atMost(java.time.Duration.ofSeconds(120))
          .until(() -> ((java.util.Map<?, ?>) d.get("/1/plan")).get("time") != null);
      StatusPageDriver page = new StatusPageDriver(browser, "http://127.0.0.1:" + d.port);
      page.open("/ui");
      long slowest = loaded(page, "/ui");
      page.click("#next-page");
      org.awaitility.Awaitility.await("the next page")
          .atMost(java.time.Duration.ofSeconds(30))
          .until(() -> browser.driver().getCurrentUrl().contains("after="));
      slowest = Math.max(slowest, loaded(page, "the next 50"));
      page.open("/ui?mode=UP&name=node-0*");
      slowest = Math.max(slowest, loaded(page, "/ui?mode=UP&name=node-0*"));
      assertTrue(slowest < LIMIT_MS, "the slowest load took " + slowest + " ms");
      assertTrue(page.text("#node-count").endsWith("10000 in the cluster."));
      assertEquals(
          50,
          browser
              .driver()
              .findElements(org.openqa.selenium.By.cssSelector("#nodes tbody tr"))
              .size());
      assertEquals(java.util.List.of(), browser.consoleErrors());
    }
  }

  /** How long the page took to load, printed; it shows 50 nodes and links the next 50. */
  private static long loaded(StatusPageDriver page, String what) {
    org.awaitility.Awaitility.await(what + " loaded")
        .atMost(java.time.Duration.ofSeconds(30))
        .until(
            () ->
                page.number(
                        "const n = performance.getEntriesByType('navigation')[0];"
                            + " return n ? n.loadEventEnd : 0;")
                    > 0);
    long ms =
        page.number(
            "const n = performance.getEntriesByType('navigation')[0];"
                + " return Math.round(n.loadEventEnd - n.startTime);");
    System.out.printf("%s of 10,000 nodes loaded in the browser in %d ms%n", what, ms);
    assertTrue(page.text("#node-count").startsWith("50 shown of 10000"), page.text("#node-count"));
    assertTrue(page.has("#next-page"), what + " links the next page");
    return ms;
  }
}
