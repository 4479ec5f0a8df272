package org.maintd.spi;

import java.time.Instant;

/**
 * Durable storage of {@link MaintdState}. Writes are atomic and compare-and-set on the serial
 * number: a write whose predecessor is not the stored version fails with {@link StoreException} and
 * writes nothing.
 */
public interface StateStore extends AutoCloseable {

  /** Whether a state was ever stored (none: a fresh start, or the state was lost). */
  boolean exists();

  /** Where the state is kept, for messages: a file, a ZooKeeper path. */
  String where();

  /** The stored state, or a fresh initial state when nothing was ever stored. */
  MaintdState load(Instant now);

  /** Stores {@code state}, whose serial must be one more than the stored one's, and returns it. */
  MaintdState save(MaintdState state);

  /**
   * Refuses (with {@link StoreException}) to store {@code state} over the stored serial {@code
   * stored} unless its serial is the next one.
   */
  static void requireNext(MaintdState state, long stored) {
    if (state.serial() != stored + 1) {
      throw new StoreException(
          "state write refused: serial "
              + state.serial()
              + " does not follow the stored "
              + stored);
    }
  }

  @Override
  void close();
}
