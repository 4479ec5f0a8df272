package org.maintd.daemon.round;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.maintd.campaign.NodeSignal;
import org.maintd.incident.Observation;
import org.maintd.spi.CollectorReading;

/**
 * Remembers, across polls, since when each node has reported {@code Ok} without a gap, with its
 * last boot id and the fault it reports. Kept in memory: after a restart a soak starts again,
 * which errs on the safe side. Not thread-safe; used by the loop.
 */
final class NodeSignals {
  private final Map<String, Instant> okSince = new HashMap<>();
  private final Map<String, NodeSignal> current = new HashMap<>();

  void update(Map<String, CollectorReading> readings) {
    readings.forEach((node, r) -> {
      boolean ok = r.observation() instanceof Observation.Clear && "ok".equals(r.health());
      if (ok) {
        okSince.putIfAbsent(node, r.at());
      } else {
        okSince.remove(node);
      }
      String fault = r.observation() instanceof Observation.Fault f ? f.diagnosis().status().wireName() : "";
      current.put(node, new NodeSignal(r.bootId(), fault, Optional.ofNullable(okSince.get(node))));
    });
  }

  Map<String, NodeSignal> view() {
    return Map.copyOf(current);
  }
}
