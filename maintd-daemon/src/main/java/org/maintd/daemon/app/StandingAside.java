package org.maintd.daemon.app;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.maintd.daemon.store.StateCondition;

/**
 * A daemon elected where the state is lost and it may not rebuild it: it stands aside from the
 * election, so that a daemon started with {@code --recover} is elected and rebuilds it, and looks
 * every {@code retry} until a state is stored again (rebuilt, or imported by an operator); then it
 * stands again. It stops looking once the daemon has {@code stopped}. Thread-safe.
 */
final class StandingAside {
  private final Leading leading;
  private final StateCondition stateCondition;
  private final BooleanSupplier stateStored;
  private final ScheduledExecutorService retries;
  private final Duration retry;
  private final BooleanSupplier stopped;

  StandingAside(
      Leading leading,
      StateCondition stateCondition,
      BooleanSupplier stateStored,
      ScheduledExecutorService retries,
      Duration retry,
      BooleanSupplier stopped) {
    this.leading = leading;
    this.stateCondition = stateCondition;
    this.stateStored = stateStored;
    this.retries = retries;
    this.retry = retry;
    this.stopped = stopped;
  }

  /**
   * Stands aside because the state is {@code lost}, told to the state's condition; false when the
   * election cannot stand aside (then nothing changed).
   */
  boolean begin(LostState.Lost lost) {
    if (!leading.standAside()) {
      return false;
    }
    stateCondition.lost(lost.where(), lost.getMessage());
    later();
    return true;
  }

  /** Stands again once a state is stored, else looks again later. */
  private void whenStored() {
    if (stopped.getAsBoolean()) {
      return;
    }
    boolean stored;
    try {
      stored = stateStored.getAsBoolean();
    } catch (RuntimeException e) {
      stored = false;
    }
    if (stored) {
      stateCondition.readable();
      leading.standAgain();
    } else {
      later();
    }
  }

  private void later() {
    retries.schedule(this::whenStored, retry.toMillis(), TimeUnit.MILLISECONDS);
  }
}
