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

  /**
   * Stores {@code state}, whose serial must be one more than the stored one's, and returns it. A
   * place that refuses the write (a full or read-only disk) throws {@link StateUnwritableException}
   * and keeps what it stored before; the same version may be written again later.
   */
  MaintdState save(MaintdState state);

  /**
   * Checks that the place would take a write now, without changing the state: one that would not
   * throws {@link StateUnwritableException} (the file store writes and removes a small file beside
   * the state). A step that changes nothing asks this, so that a disk that filled is seen at once.
   * Checks nothing by default.
   */
  default void checkWritable() {}

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
