package org.maintd.daemon.backend.sim.rehearse;

import java.time.Instant;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;

/**
 * A state store in memory that starts from a copy of the daemon's state: a rehearsal's round stores
 * its state here, with the same serial rule as every store, and nowhere else. Not thread-safe: one
 * play uses it.
 */
final class CopiedState implements StateStore {
  private MaintdState stored;

  CopiedState(MaintdState copy) {
    this.stored = copy;
  }

  @Override
  public boolean exists() {
    return true;
  }

  @Override
  public String where() {
    return "a rehearsal's copy in memory";
  }

  @Override
  public MaintdState load(Instant now) {
    return stored;
  }

  @Override
  public MaintdState save(MaintdState state) {
    StateStore.requireNext(state, stored.serial());
    stored = state;
    return state;
  }

  /** The state as the play last stored it. */
  MaintdState stored() {
    return stored;
  }

  @Override
  public void close() {
    // nothing is open
  }
}
