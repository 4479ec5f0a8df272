package org.maintd.daemon.runner;

import java.time.Clock;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;

/**
 * Writes the state a step gives, once, and only when its content differs from what is stored (a
 * step that changes nothing writes nothing). Not thread-safe: the runner's.
 */
public final class StateWriter {
  private final StateStore store;
  private final Clock clock;
  private MaintdState stored;

  public StateWriter(StateStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
    this.stored = store.load(clock.instant());
  }

  public MaintdState stored() {
    return stored;
  }

  /**
   * Stores the state even if it is the initial one, when nothing was ever stored: a daemon that ran
   * leaves its file.
   */
  public MaintdState create() {
    if (stored.serial() == 0) {
      stored = store.save(stored.versionAfter(stored, clock.instant()));
    }
    return stored;
  }

  /**
   * Stores {@code next} as the version after the stored one, unless it holds the same; returns what
   * is stored.
   */
  public MaintdState write(MaintdState next) {
    if (!next.sameContentAs(stored)) {
      stored = store.save(next.versionAfter(stored, clock.instant()));
    }
    return stored;
  }
}
