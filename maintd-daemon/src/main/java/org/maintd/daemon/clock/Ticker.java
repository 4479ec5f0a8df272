package org.maintd.daemon.clock;

/**
 * A monotonic clock: nanoseconds from an arbitrary origin that never go back and never jump when
 * the wall clock is stepped. Durations inside one process (a wait, a timeout, a quiet period) are
 * measured with it; instants that other processes or a later run read are the wall clock's.
 * Implementations are thread-safe.
 */
@FunctionalInterface
public interface Ticker {
  /** The system's monotonic clock ({@link System#nanoTime}). */
  Ticker SYSTEM = System::nanoTime;

  /** Nanoseconds since an arbitrary origin, never less than at an earlier call. */
  long nanos();
}
