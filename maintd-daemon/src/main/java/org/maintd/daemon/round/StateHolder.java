package org.maintd.daemon.round;

import java.time.Clock;
import java.util.function.UnaryOperator;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;

/**
 * The daemon's current state and the only way to change it: every change is written to the
 * store (compare-and-set) before it becomes visible. Readers see the last stored version.
 * Thread-safe: changes are serialized.
 */
public final class StateHolder {
  private final StateStore store;
  private final Clock clock;
  private volatile MaintdState current;

  public StateHolder(StateStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
    this.current = store.load(clock.instant());
  }

  public MaintdState get() {
    return current;
  }

  public synchronized MaintdState update(UnaryOperator<MaintdState> change) {
    MaintdState next = change.apply(current).nextVersion(clock.instant());
    current = store.save(next);
    return current;
  }
}
