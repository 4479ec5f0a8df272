package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.incident.Observation;
import org.maintd.spi.CollectorReading;

/** The collectors that did not answer a poll, counted and named, until every one answers. */
class CollectorFaultsTest {
  private final FakeClock clock = new FakeClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final Faults faults = new Faults(clock, clock);
  private final CollectorFaults watch = new CollectorFaults(faults);

  private Map<String, CollectorReading> poll(String... healths) {
    Map<String, CollectorReading> out = new LinkedHashMap<>();
    for (int i = 0; i < healths.length; i++) {
      String node = "node" + (i + 1);
      out.put(
          node,
          new CollectorReading(node, new Observation.Clear(), healths[i], "", clock.instant()));
    }
    return out;
  }

  @Test
  void theCollectorsThatDidNotAnswerAreNamedAndTheFaultEndsWhenAllAnswer() {
    watch.polled(Duration.ZERO, poll("ok", "unreachable", "collector-error", "unreachable"));
    assertEquals(
        "2 of 4 collectors did not answer the last poll: node2, node4",
        faults.active().get(0).detail());
    watch.polled(Duration.ZERO, poll("ok", "ok", "collector-error", "ok"));
    assertFalse(faults.has(FaultKind.COLLECTORS_UNREACHABLE));
  }
}
