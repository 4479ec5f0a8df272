package org.maintd.round;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.maintd.incident.Incident;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Schedule;

/** What commands answer besides incidents and campaigns. */
public final class Answers {
  private Answers() {}

  /** An incident's outcome tag removed from its node. */
  public record Acknowledged(Incident incident, String removedTag) {}

  /** Whether automatic actions are paused now, and why. */
  public record Paused(boolean paused, String reason) {}

  /**
   * A machine put back in service: the job that does it, and the incidents canceled to force it.
   */
  public record BroughtUp(String node, String job, List<UUID> canceled) {}

  /**
   * A schedule stored: as it is now, its version, what it warns of (hostnames that are no node),
   * the machines it dropped while they were draining (maintd undrains what it drained), and those
   * DOWN whose windows it moved later (back online, drained: DRAIN).
   */
  public record SchedulePosted(
      Schedule schedule,
      long version,
      List<String> warnings,
      List<String> released,
      List<String> delayed) {
    public SchedulePosted {
      warnings = List.copyOf(warnings);
      released = List.copyOf(released);
      delayed = List.copyOf(delayed);
    }
  }

  /**
   * A machine taken down: its mode now ({@code DOWN}, or {@code DRAIN} while what is left on it
   * moves), the job that sets its node offline (none yet while something is left), what was
   * accepted, as the operator reads it, and when.
   */
  public record TakenDown(
      String node, MachineMode mode, Optional<String> job, String outcome, Instant at) {}
}
