package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.reboot.RequestEvent;
import org.maintd.reboot.RequestStatus;
import org.maintd.spi.MaintdState;

/**
 * The gauges of planned work, from the state the daemon shows: campaigns by status and the nodes of
 * the one under way by phase, the scheduled machines by mode ({@code maintd_machines{mode}}),
 * reboot requests by status ({@code maintd_reboot_requests{status}}), the keys that hold a node
 * ({@code maintd_reboot_holds}) and how long the oldest of them has held its node off ({@code
 * maintd_reboot_hold_oldest_seconds}, by the daemon's clock, read at each scrape). Thread-safe.
 */
final class WorkGauges {
  private WorkGauges() {}

  static void register(
      MeterRegistry registry, Scrapes scrapes, Supplier<MaintdState> state, Clock clock) {
    campaigns(registry, state);
    TaggedGauges.register(
        registry,
        "maintd.machines",
        "Machines of the maintenance schedule by mode (UP, DRAIN, DOWN)",
        "mode",
        MachineMode.values(),
        MachineMode::name,
        mode -> machines(state.get().maintenance(), mode));
    TaggedGauges.register(
        registry,
        "maintd.reboot.requests",
        "Reboot requests by status (done and failed: of the last ones kept)",
        "status",
        RequestStatus.values(),
        RequestStatus::wireName,
        status ->
            state.get().reboots().requests().stream().filter(r -> r.status() == status).count());
    Gauge.builder(
            "maintd.reboot.holds",
            () -> state.get().reboots().requests().stream().filter(RebootRequest::holds).count())
        .description("Keys that hold a node (requests with a key not released and not ended)")
        .register(registry);
    Supplier<Long> oldest =
        scrapes.input(() -> oldestHold(state.get().reboots(), clock.instant()).toSeconds());
    Gauge.builder("maintd.reboot.hold.oldest.seconds", oldest::get)
        .description(
            "Seconds since the key that has held its node off longest began to (0: none holds)")
        .baseUnit("seconds")
        .register(registry);
  }

  private static void campaigns(MeterRegistry registry, Supplier<MaintdState> state) {
    TaggedGauges.register(
        registry,
        "maintd.campaigns",
        "Campaigns by status",
        "status",
        CampaignStatus.values(),
        CampaignStatus::wireName,
        status -> state.get().campaigns().stream().filter(c -> c.status() == status).count());
    TaggedGauges.register(
        registry,
        "maintd.campaign.nodes",
        "Nodes of the campaign under way by phase (done: rebooted and back)",
        "phase",
        NodePhase.values(),
        NodePhase::wireName,
        phase ->
            state.get().campaigns().stream()
                .filter(c -> c.status().isActive())
                .mapToLong(c -> c.count(phase))
                .sum());
  }

  /** The scheduled machines in {@code mode}: those with its mode record, UP for the others. */
  static long machines(Maintenance m, MachineMode mode) {
    if (mode != MachineMode.UP) {
      return m.modes().stream().filter(r -> r.mode() == mode).count();
    }
    return m.schedule().machines().stream()
        .filter(id -> m.modes().stream().map(MaintenanceMode::hostname).noneMatch(id::names))
        .count();
  }

  /**
   * How long the key that has held its node off longest has done so, at {@code now}: since its
   * request came to {@code held}; zero when no key holds a node off.
   */
  static Duration oldestHold(Reboots reboots, Instant now) {
    return reboots.requests().stream()
        .filter(r -> r.holds() && r.status() == RequestStatus.HELD)
        .map(WorkGauges::heldSince)
        .flatMap(Optional::stream)
        .min(Instant::compareTo)
        .map(since -> Duration.between(since, now))
        .filter(d -> !d.isNegative())
        .orElse(Duration.ZERO);
  }

  private static Optional<Instant> heldSince(RebootRequest r) {
    return r.history().stream()
        .filter(e -> e.status().equals(RequestStatus.HELD.wireName()))
        .map(RequestEvent::at)
        .findFirst();
  }
}
