package org.maintd.maintenance;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A maintenance window: its machines and their unavailability ({@code start} in nanoseconds since
 * the epoch; an optional {@code duration} in nanoseconds, none meaning indefinite), whether maintd
 * carries it out by itself ({@code auto}: {@code DOWN} once drained and started, {@code UP} once
 * ended and the node reports {@code Ok}), and whether the instances' declines hold even after it
 * starts ({@code respectDeclines}). Nanoseconds are kept exactly as posted.
 */
public record Window(
    List<MachineId> machines,
    long startNanos,
    OptionalLong durationNanos,
    boolean auto,
    boolean respectDeclines) {
  public Window {
    machines = List.copyOf(machines);
  }

  public Instant start() {
    return instant(startNanos);
  }

  /** When it ends; empty for an indefinite window. */
  public Optional<Instant> end() {
    return durationNanos.isPresent()
        ? Optional.of(start().plusNanos(durationNanos.getAsLong()))
        : Optional.empty();
  }

  /** Whether it has started at {@code now}. */
  public boolean started(Instant now) {
    return !now.isBefore(start());
  }

  /** Whether it has ended at {@code now} (never, when indefinite). */
  public boolean ended(Instant now) {
    return end().map(e -> !now.isBefore(e)).orElse(false);
  }

  /** The same window without {@code hostname}'s machine. */
  public Window without(String hostname) {
    return new Window(
        machines.stream().filter(m -> !m.names(hostname)).toList(),
        startNanos,
        durationNanos,
        auto,
        respectDeclines);
  }

  /** Whether it has the same unavailability and switches as {@code other} (machines aside). */
  public boolean sameTerms(Window other) {
    return startNanos == other.startNanos
        && durationNanos.equals(other.durationNanos)
        && auto == other.auto
        && respectDeclines == other.respectDeclines;
  }

  static Instant instant(long nanos) {
    return Instant.ofEpochSecond(
        Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
  }
}
