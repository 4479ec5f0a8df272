package org.maintd.maintenance;

import java.time.Instant;
import java.util.Objects;
import org.maintd.machine.MachineMode;

/**
 * The mode of a scheduled machine that maintd moved out of {@code UP}: {@code DRAIN} (its node
 * drained, its instances moved away) or {@code DOWN} (its node offline); since when and why. A
 * {@code DRAIN} machine can be {@code goingDown}: an operator forced it down while instances were
 * left, so the rounds move them (declines overridden) and then take it {@code DOWN}. A scheduled
 * machine without one is {@code UP}.
 */
public record MaintenanceMode(
    String hostname, MachineMode mode, Instant since, String reason, boolean goingDown) {
  public MaintenanceMode {
    Objects.requireNonNull(hostname, "hostname");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(since, "since");
    if (mode == MachineMode.UP) {
      throw new IllegalArgumentException(
          "machine " + hostname + ": a mode record is DRAIN or DOWN; UP has none");
    }
    if (goingDown && mode != MachineMode.DRAIN) {
      throw new IllegalArgumentException(
          "machine " + hostname + ": only a DRAIN machine is going DOWN, not a " + mode + " one");
    }
    reason = reason == null ? "" : reason;
  }

  /** A mode that is where it is going. */
  public MaintenanceMode(String hostname, MachineMode mode, Instant since, String reason) {
    this(hostname, mode, since, reason, false);
  }
}
