package org.maintd.maintenance;

import java.time.Instant;
import java.util.Objects;
import org.maintd.machine.MachineMode;

/**
 * The mode of a scheduled machine that maintd moved out of {@code UP}: {@code DRAIN} (its node
 * drained, its instances moved away) or {@code DOWN} (its node offline); since when and why. A
 * scheduled machine without one is {@code UP}.
 */
public record MaintenanceMode(String hostname, MachineMode mode, Instant since, String reason) {
  public MaintenanceMode {
    Objects.requireNonNull(hostname, "hostname");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(since, "since");
    if (mode == MachineMode.UP) {
      throw new IllegalArgumentException(
          "machine " + hostname + ": a mode record is DRAIN or DOWN; UP has none");
    }
    reason = reason == null ? "" : reason;
  }
}
