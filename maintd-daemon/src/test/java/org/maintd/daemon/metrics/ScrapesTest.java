package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Scrapes rendered only when an input or a meter changed, and answered without waiting. */
class ScrapesTest {
  private final AtomicInteger renders = new AtomicInteger();
  private final AtomicReference<String> health = new AtomicReference<>("RUNNING");
  private Supplier<String> shown;
  private final Scrapes scrapes = new Scrapes(() -> renders.incrementAndGet() + ":" + shown.get());

  ScrapesTest() {
    shown = scrapes.input(health::get);
  }

  @Test
  void theGaugesReadTheValueTheScrapeReadAndAChangeRendersAnew() {
    assertEquals("1:RUNNING", scrapes.scrape());
    assertSame(scrapes.scrape(), scrapes.scrape());
    health.set("FAILED");
    assertEquals("2:FAILED", scrapes.scrape());
    scrapes.recorded();
    assertEquals("3:FAILED", scrapes.scrape());
    assertEquals(3, renders.get());
  }

  @Test
  void aScrapeOfUnchangedInputsDoesNotWaitForOneThatRenders() throws Exception {
    String first = scrapes.scrape();
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread renderer =
        new Thread(
            () -> {
              synchronized (scrapes) {
                holding.countDown();
                try {
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            });
    renderer.start();
    try {
      holding.await();
      assertSame(first, assertTimeoutPreemptively(Duration.ofSeconds(10), scrapes::scrape));
    } finally {
      release.countDown();
      renderer.join();
    }
  }
}
