package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodeProgress;
import org.maintd.spi.CollectorReading;

/**
 * The gauges of when the daemon last moved, as times since the epoch that an alert compares with
 * Prometheus' {@code time()}: {@code maintd_last_poll_timestamp_seconds}, when the newest reading
 * of the view was made (0 before the first poll); {@code
 * maintd_campaign_progress_timestamp_seconds}, when a node of a running, aborting or failing
 * campaign last changed phase (the one that moved least recently, if several run; 0 while none
 * does: a paused campaign waits on purpose). Stateless.
 */
final class FreshnessGauges {
  private FreshnessGauges() {}

  static void register(
      MeterRegistry registry,
      Supplier<Map<String, CollectorReading>> readings,
      Supplier<List<Campaign>> campaigns) {
    Gauge.builder("maintd.last.poll.timestamp", () -> lastPoll(readings.get().values()))
        .description("When the daemon last polled the collectors (0: not yet)")
        .baseUnit("seconds")
        .register(registry);
    Gauge.builder("maintd.campaign.progress.timestamp", () -> campaignProgress(campaigns.get()))
        .description(
            "When a node of the campaign under way last changed phase (0: none runs; paused does"
                + " not run)")
        .baseUnit("seconds")
        .register(registry);
  }

  /** The time of the newest of {@code readings}, in seconds since the epoch; 0 when none. */
  static double lastPoll(Collection<CollectorReading> readings) {
    return readings.stream()
        .map(CollectorReading::at)
        .max(Instant::compareTo)
        .map(FreshnessGauges::seconds)
        .orElse(0.0);
  }

  /**
   * When the campaign under way that moved least recently last moved: the latest time one of its
   * nodes changed phase (its start, while every node waits); 0 when no campaign runs, aborts or
   * fails.
   */
  static double campaignProgress(List<Campaign> campaigns) {
    return campaigns.stream()
        .filter(c -> c.status() != CampaignStatus.PAUSED && c.status().isActive())
        .map(FreshnessGauges::lastMove)
        .min(Instant::compareTo)
        .map(FreshnessGauges::seconds)
        .orElse(0.0);
  }

  private static Instant lastMove(Campaign c) {
    return c.nodes().stream().map(NodeProgress::since).max(Instant::compareTo).orElse(c.ctime());
  }

  private static double seconds(Instant at) {
    return at.toEpochMilli() / 1000.0;
  }
}
