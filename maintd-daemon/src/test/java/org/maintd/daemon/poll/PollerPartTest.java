package org.maintd.daemon.poll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.Test;
import org.maintd.incident.Observation;
import org.maintd.spi.CollectorReading;

/**
 * The poller as a part: polls only while it runs, and its health tells the last poll by health,
 * counted once per poll, not per request for the health.
 */
class PollerPartTest {
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

  private final AtomicInteger polls = new AtomicInteger();

  private Map<String, CollectorReading> readings(List<String> nodes) {
    polls.incrementAndGet();
    Map<String, CollectorReading> out = new LinkedHashMap<>();
    for (String node : nodes) {
      boolean down = node.startsWith("down");
      out.put(
          node,
          new CollectorReading(
              node,
              down ? new Observation.Unknown("refused") : new Observation.Clear(),
              down ? "unreachable" : "ok",
              "",
              T0));
    }
    return out;
  }

  @Test
  void theHealthTellsTheLastPollByHealth() {
    PollerPart part = new PollerPart(new HttpClient(), Clock.systemUTC());
    part.readThrough(nodes -> readings(List.copyOf(nodes)));
    assertThrows(IllegalStateException.class, () -> part.poll(List.of("n1")));
    part.start();
    try {
      assertEquals("0 collectors in the last poll", part.health().detail());

      part.poll(List.of("n1", "n2", "down1"));
      String detail = part.health().detail();
      assertEquals("3 collectors in the last poll: {ok=2, unreachable=1}", detail);
      assertSame(detail, part.health().detail(), "the same text until the next poll");

      part.poll(List.of("n1"));
      assertEquals("1 collectors in the last poll: {ok=1}", part.health().detail());
      assertEquals(2, polls.get());
    } finally {
      part.close();
    }
  }
}
