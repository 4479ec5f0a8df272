package org.maintd.daemon.runner;

import java.time.Clock;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StateUnwritableException;

/**
 * Writes the state a step gives, once, and only when its content differs from what is stored (a
 * step that changes nothing writes nothing, but asks the store whether it would take a write, so
 * that a disk that filled or turned read-only is seen at the next step, not at the next change).
 * After a write the place refused ({@link StateUnwritableException}: a full or read-only disk),
 * every step writes again, changed or not, until one is stored: that is how the daemon learns the
 * disk takes writes again. Not thread-safe: the runner's.
 */
public final class StateWriter {
  private final StateStore store;
  private final Clock clock;
  private MaintdState stored;
  private boolean refused;

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
      store(stored);
    }
    return stored;
  }

  /**
   * Stores {@code next} as the version after the stored one, unless it holds the same and the last
   * write or check was not refused (then only checks that the store takes writes); returns what is
   * stored. Throws {@link StateUnwritableException} when the place refuses it: what was stored
   * before is still what {@link #stored} gives.
   */
  public MaintdState write(MaintdState next) {
    if (refused || !next.sameContentAs(stored)) {
      store(next);
    } else {
      check();
    }
    return stored;
  }

  private void store(MaintdState next) {
    try {
      stored = store.save(next.versionAfter(stored, clock.instant()));
      refused = false;
    } catch (StateUnwritableException e) {
      refused = true;
      throw e;
    }
  }

  /** Asks the store whether it takes writes; a refusal makes the next step write, to clear it. */
  private void check() {
    try {
      store.checkWritable();
    } catch (StateUnwritableException e) {
      refused = true;
      throw e;
    }
  }
}
