package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.reboot.RequestStatus;
import org.maintd.spi.MaintdState;

/**
 * The gauges of planned work an operator alerts on: the scheduled machines by mode, the reboot
 * requests by status, the keys that hold a node, and how long the oldest of them has held its node
 * off, which grows with the clock between steps (held off for three days shows as 259,200 s).
 */
class WorkGaugesTest {
  private static final Instant T = Instant.parse("2026-11-27T12:00:00Z");
  private final FakeClock clock = new FakeClock(T);

  private static RebootRequest request(String id, String key, Instant at) {
    return RebootRequest.accepted(
        id,
        new RebootAsk("node6", RebootMode.SOFT, Optional.ofNullable(key), "", false, false, "ops"),
        at);
  }

  private static MaintdState state() {
    Schedule schedule =
        new Schedule(
            List.of(
                new Window(
                    List.of(MachineId.of("node1"), MachineId.of("node2"), MachineId.of("node3")),
                    T.toEpochMilli() * 1_000_000,
                    OptionalLong.empty(),
                    false,
                    false)));
    Maintenance maintenance =
        Maintenance.empty()
            .withSchedule(schedule)
            .withMode(new MaintenanceMode("node2", MachineMode.DRAIN, T, "scheduled"))
            .withMode(new MaintenanceMode("node3", MachineMode.DOWN, T, "down"));
    Reboots reboots =
        Reboots.empty()
            .add(request("a", "alpha", T).to(RequestStatus.HELD, T.plusSeconds(60), "powered off"))
            .add(
                request("b", "beta", T.plusSeconds(30))
                    .to(RequestStatus.HELD, T.plusSeconds(90), "powered off"))
            .add(request("c", "gamma", T.plusSeconds(100)))
            .add(request("d", null, T).to(RequestStatus.DONE, T.plusSeconds(200), "powered on"));
    return MaintdState.initial(T).withMaintenance(maintenance).withReboots(reboots);
  }

  @Test
  void machinesRequestsAndHoldsAreShownAndTheOldestHoldAgesWithTheClock() {
    clock.advance(Duration.ofSeconds(360));
    DaemonMetrics metrics = new DaemonMetrics(state(), Duration.ZERO, clock);
    String text = metrics.scrape();
    for (String line :
        List.of(
            "maintd_machines{mode=\"UP\"} 1.0",
            "maintd_machines{mode=\"DRAIN\"} 1.0",
            "maintd_machines{mode=\"DOWN\"} 1.0",
            "maintd_reboot_requests{status=\"held\"} 2.0",
            "maintd_reboot_requests{status=\"pending\"} 1.0",
            "maintd_reboot_requests{status=\"done\"} 1.0",
            "maintd_reboot_requests{status=\"powering-on\"} 0.0",
            "maintd_reboot_holds 3.0",
            "maintd_reboot_hold_oldest_seconds 300.0")) {
      assertTrue(text.contains("\n" + line + "\n"), line + " in:\n" + text);
    }
    clock.advance(Duration.ofDays(3));
    String later = metrics.scrape();
    assertTrue(
        later.contains("\nmaintd_reboot_hold_oldest_seconds 259500.0\n"),
        "three days on, without a step: " + later);
  }

  @Test
  void noHoldIsZeroSeconds() {
    String text = new DaemonMetrics(MaintdState.initial(T), Duration.ZERO, clock).scrape();
    assertTrue(text.contains("\nmaintd_reboot_hold_oldest_seconds 0.0\n"), text);
    assertTrue(text.contains("\nmaintd_reboot_holds 0.0\n"), text);
    assertTrue(text.contains("\nmaintd_machines{mode=\"UP\"} 0.0\n"), text);
  }
}
