package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
  void withARecheckWindowAnInputIsReadOncePerWindowAndAMeterShowsAtOnce() {
    AtomicLong nanos = new AtomicLong(1_000);
    AtomicInteger reads = new AtomicInteger();
    AtomicReference<String> state = new AtomicReference<>("RUNNING");
    AtomicInteger made = new AtomicInteger();
    AtomicReference<Supplier<String>> gauge = new AtomicReference<>();
    Scrapes windowed =
        new Scrapes(
            () -> made.incrementAndGet() + ":" + gauge.get().get(),
            Duration.ofMillis(100),
            nanos::get);
    gauge.set(
        windowed.input(
            () -> {
              reads.incrementAndGet();
              return state.get();
            }));

    assertEquals("1:RUNNING", windowed.scrape());
    int afterFirst = reads.get();
    state.set("FAILED");
    nanos.addAndGet(Duration.ofMillis(99).toNanos());
    assertEquals("1:RUNNING", windowed.scrape(), "within the window: not read again");
    assertEquals(afterFirst, reads.get());

    windowed.recorded();
    assertEquals("2:FAILED", windowed.scrape(), "a meter's record shows at once");

    state.set("RUNNING");
    nanos.addAndGet(Duration.ofMillis(100).toNanos());
    assertEquals("3:RUNNING", windowed.scrape(), "once the window has passed: read again");
    nanos.addAndGet(Duration.ofMillis(100).toNanos());
    String same = windowed.scrape();
    assertEquals("3:RUNNING", same, "read again, unchanged: the same text");
    int read = reads.get();
    nanos.addAndGet(Duration.ofMillis(50).toNanos());
    assertSame(same, windowed.scrape());
    assertEquals(read, reads.get(), "the window counts from the last read, not the last render");
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
