package org.maintd.protocol.api;

/**
 * A machine taken down: its name, its mode now ({@code DOWN}; {@code DRAIN} while what is left on
 * it moves before it goes down), the job that sets it offline (null until then), what was accepted
 * ({@code outcome}: {@code DOWN through job 42 (offline)}, {@code DOWN once 1 instance has moved
 * (inst03; declines overridden)}), and when ({@code at}: seconds since the epoch, the daemon's
 * clock).
 */
public record TakenDownView(String hostname, String mode, String job, String outcome, Double at) {
  /** As an older daemon, which answered no outcome, meant it: DOWN through its job. */
  public TakenDownView {
    outcome = outcome == null ? "DOWN through job " + job + " (offline)" : outcome;
  }
}
