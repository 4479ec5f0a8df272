package org.maintd.daemon.store;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import org.maintd.daemon.service.Part;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StoreException;

/**
 * The state file as a part of the daemon: opened (and locked) when it starts, released when it
 * stops, and {@code FAILED} once a write fails, which stops the daemon: a state that cannot be
 * stored must not be acted on. Thread-safe.
 */
public final class StorePart extends Part implements StateStore {
  private final Path file;
  private volatile FileStateStore store;

  public StorePart(Path file, Clock clock) {
    super("store", clock);
    this.file = file;
  }

  @Override
  protected void startUp() {
    store = new FileStateStore(file);
  }

  /** Whether there is a state file (none: nothing was ever stored, or it was lost). */
  public boolean exists() {
    return opened().exists();
  }

  public Path file() {
    return file;
  }

  @Override
  public MaintdState load(Instant now) {
    try {
      return opened().load(now);
    } catch (StoreException e) {
      failed(e);
      throw e;
    }
  }

  @Override
  public MaintdState save(MaintdState state) {
    try {
      return opened().save(state);
    } catch (StoreException e) {
      failed(e);
      throw e;
    }
  }

  private FileStateStore opened() {
    FileStateStore s = store;
    if (s == null) {
      throw new IllegalStateException("the state store " + file + " is not open");
    }
    return s;
  }

  @Override
  protected void shutDown() {
    if (store != null) {
      store.close();
    }
  }

  @Override
  protected String detail() {
    return file.toString();
  }
}
