package org.maintd.daemon.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The state's writes as the stores made them: how many, how many bytes in all, and the size of the
 * last (the whole state as stored: the file's bytes, or ZooKeeper's header and chunks), for the
 * metrics. Thread-safe.
 */
public final class StateWrites {
  private final AtomicLong count = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong last = new AtomicLong();

  /** A store that tells the size of what it wrote last. */
  public interface Sized {
    /** The bytes its last write stored. */
    long lastWriteBytes();
  }

  /** One write of {@code size} bytes. */
  public void record(long size) {
    bytes.addAndGet(size);
    last.set(size);
    count.incrementAndGet();
  }

  public long count() {
    return count.get();
  }

  public long bytes() {
    return bytes.get();
  }

  /** The size of the last write: the whole state as stored (0 before the first). */
  public long last() {
    return last.get();
  }
}
