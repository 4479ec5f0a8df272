package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.incident.IncidentStatus;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;

/**
 * The daemon's metrics, served in Prometheus' text format on {@code GET /metrics}: rounds, tick
 * and poll durations, jobs by owner, kind and result, incidents by status, collectors by health,
 * rejected reports by reason, and whether automatic actions are paused or a storm is seen.
 * Thread-safe.
 */
public final class DaemonMetrics {
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Counter rounds;
  private final Timer ticks;
  private final Timer polls;
  private volatile Map<String, CollectorReading> lastPoll = Map.of();

  public DaemonMetrics(Supplier<MaintdState> state, Supplier<String> storm) {
    rounds = Counter.builder("maintd.rounds").description("Rounds started (jobs submitted)").register(registry);
    ticks = Timer.builder("maintd.tick").description("Duration of one tick: jobs checked, snapshot, poll, plan").register(registry);
    polls = Timer.builder("maintd.poll").description("Duration of one poll of every collector").register(registry);
    for (IncidentStatus status : IncidentStatus.values()) {
      Gauge.builder("maintd.incidents", () -> state.get().incidents().stream().filter(i -> i.status() == status).count())
          .description("Incidents by status").tag("status", status.wireName()).register(registry);
    }
    for (String health : new String[] {"ok", "collector-error", "rejected", "unreachable"}) {
      Gauge.builder("maintd.collectors", () -> lastPoll.values().stream().filter(r -> r.health().equals(health)).count())
          .description("Collectors by health in the last poll").tag("health", health).register(registry);
    }
    Gauge.builder("maintd.paused", () -> state.get().paused() ? 1 : 0)
        .description("1 while automatic actions are paused (by an operator or the storm guard)").register(registry);
    Gauge.builder("maintd.storm", () -> storm.get().isEmpty() ? 0 : 1)
        .description("1 while the last poll shows a fault storm").register(registry);
    for (CampaignStatus status : CampaignStatus.values()) {
      Gauge.builder("maintd.campaigns", () -> state.get().campaigns().stream().filter(c -> c.status() == status).count())
          .description("Campaigns by status").tag("status", status.wireName()).register(registry);
    }
    for (NodePhase phase : NodePhase.values()) {
      Gauge.builder("maintd.campaign.nodes", () -> state.get().campaigns().stream().filter(c -> c.status().isActive())
              .mapToLong(c -> c.count(phase)).sum())
          .description("Nodes of the campaign under way by phase (done: rebooted and back)").tag("phase", phase.wireName())
          .register(registry);
    }
  }

  public void roundStarted() {
    rounds.increment();
  }

  public void ticked(Duration took) {
    ticks.record(took);
  }

  /** Records one poll: its duration, collector health, and each rejected report's reason. */
  public void polled(Duration took, Map<String, CollectorReading> readings) {
    polls.record(took);
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

  /** Records a finished job: whose (incident, harep), its first operation's kind, and its result. */
  public void jobFinished(String owner, String kind, String result) {
    registry.counter("maintd.jobs", "owner", owner, "kind", kind, "result", result).increment();
  }

  /** The metrics in Prometheus' text format. */
  public String scrape() {
    return registry.scrape();
  }
}
