package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.spi.MaintdState;

class DaemonMetricsTest {
  @Test
  void nothingChangedAnswersTheSameTextAndReadsHealthOncePerScrape() {
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(Instant.EPOCH));
    AtomicInteger reads = new AtomicInteger();
    metrics.watch(
        () -> {
          reads.incrementAndGet();
          return "RUNNING";
        });
    String first = metrics.scrape();
    String second = metrics.scrape();
    assertSame(first, second);
    // three gauges show the health; it is read once for each scrape
    assertEquals(2, reads.get());
    assertTrue(first.contains("\nmaintd_failed 0.0\n"), first);
  }

  @Test
  void aChangedHealthIsShownAtOnce() {
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(Instant.EPOCH));
    AtomicReference<String> health = new AtomicReference<>("RUNNING");
    metrics.watch(health::get);
    String before = metrics.scrape();
    health.set("FAILED");
    String after = metrics.scrape();
    assertTrue(before.contains("\nmaintd_failed 0.0\n"), before);
    assertTrue(after.contains("\nmaintd_failed 1.0\n"), after);
  }

  @Test
  void aFaultIsShownByItsGaugeWhileItLastsAndCountedOnceWhenItBegins() {
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(Instant.EPOCH));
    Faults faults = new Faults(java.time.Clock.systemUTC(), org.maintd.daemon.clock.Ticker.SYSTEM);
    metrics.watchFaults(faults);
    String before = metrics.scrape();
    faults.raise(FaultKind.BACKEND_UNREACHABLE, "connect timed out");
    faults.raise(FaultKind.BACKEND_UNREACHABLE, "connect timed out again");
    String during = metrics.scrape();
    faults.clear(FaultKind.BACKEND_UNREACHABLE);
    String after = metrics.scrape();
    String gauge = "\nmaintd_fault{fault=\"BACKEND_UNREACHABLE\"} ";
    String counter = "\nmaintd_faults_total{fault=\"BACKEND_UNREACHABLE\"} ";
    assertTrue(before.contains(gauge + "0.0\n") && before.contains(counter + "0.0\n"), before);
    assertTrue(during.contains(gauge + "1.0\n") && during.contains(counter + "1.0\n"), during);
    assertTrue(after.contains(gauge + "0.0\n") && after.contains(counter + "1.0\n"), after);
    assertTrue(after.contains("\nmaintd_fault{fault=\"STATE_UNWRITABLE\"} 0.0\n"), after);
  }

  @Test
  void aLostZooKeeperConnectionIsShownWithoutANewView() {
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(Instant.EPOCH));
    AtomicReference<HaStatus> ha = new AtomicReference<>(new HaStatus(true, 3, true, 0, null));
    metrics.watchLeadership(ha::get, true);
    assertTrue(metrics.scrape().contains("\nmaintd_zookeeper_connected 1.0\n"));
    ha.set(new HaStatus(true, 3, false, 0, null));
    assertTrue(metrics.scrape().contains("\nmaintd_zookeeper_connected 0.0\n"));
  }

  @Test
  void aTickOrAPollRecordedIsShownInTheNextScrape() {
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(Instant.EPOCH));
    String before = metrics.scrape();
    metrics.ticked(Duration.ofMillis(5));
    String afterTick = metrics.scrape();
    assertNotSame(before, afterTick);
    assertTrue(afterTick.contains("\nmaintd_tick_seconds_count 1\n"), afterTick);
    metrics.polled(Duration.ofMillis(5), java.util.Map.of());
    assertTrue(metrics.scrape().contains("\nmaintd_poll_seconds_count 1\n"));
  }

  @Test
  void moreDenialsAreCountedAtOnce() {
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(Instant.EPOCH));
    AtomicLong denials = new AtomicLong();
    metrics.countDenials(denials::get);
    assertTrue(metrics.scrape().contains("\nmaintd_store_access_denials_total 0.0\n"));
    denials.set(2);
    assertTrue(metrics.scrape().contains("\nmaintd_store_access_denials_total 2.0\n"));
  }

  @Test
  void theStatesWritesAreCountedWithTheirBytesAndTheLastSize() {
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(Instant.EPOCH));
    org.maintd.daemon.store.StateWrites writes = new org.maintd.daemon.store.StateWrites();
    metrics.countStateWrites(writes);
    String before = metrics.scrape();
    assertTrue(before.contains("\nmaintd_state_writes_total 0.0\n"), before);
    assertTrue(before.contains("\nmaintd_state_bytes 0.0\n"), before);
    writes.record(1200);
    writes.record(800);
    String after = metrics.scrape();
    assertTrue(after.contains("\nmaintd_state_writes_total 2.0\n"), after);
    assertTrue(after.contains("\nmaintd_state_written_bytes_total 2000.0\n"), after);
    assertTrue(after.contains("\nmaintd_state_bytes 800.0\n"), after);
  }
}
