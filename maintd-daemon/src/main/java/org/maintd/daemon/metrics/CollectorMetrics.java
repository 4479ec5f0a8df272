package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.maintd.spi.CollectorReading;

/**
 * The collectors' metrics: {@code maintd_collectors{health}}, the collectors by health in the last
 * poll; {@code maintd_reports_rejected_total{reason}}, each report rejected, by the reason its
 * detail begins with; {@code maintd_collector_errors_total}. Thread-safe.
 */
final class CollectorMetrics {
  private final MeterRegistry registry;
  private volatile Map<String, CollectorReading> lastPoll = Map.of();

  CollectorMetrics(MeterRegistry registry) {
    this.registry = registry;
    TaggedGauges.register(
        registry,
        "maintd.collectors",
        "Collectors by health in the last poll",
        "health",
        new String[] {"ok", "collector-error", "rejected", "unreachable"},
        health -> health,
        health -> lastPoll.values().stream().filter(r -> r.health().equals(health)).count());
  }

  /** Records one poll's readings: the collectors' health, and each rejected report's reason. */
  void polled(Map<String, CollectorReading> readings) {
    lastPoll = Map.copyOf(readings);
    for (CollectorReading r : readings.values()) {
      if (r.health().equals("rejected")) {
        int colon = r.detail().indexOf(':');
        String reason = colon > 0 ? r.detail().substring(0, colon) : r.detail();
        registry.counter("maintd.reports.rejected", "reason", reason).increment();
      } else if (r.health().equals("collector-error")) {
        registry.counter("maintd.collector.errors").increment();
      }
    }
  }
}
