package org.maintd.daemon.store;

import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;
import java.util.function.Supplier;
import org.maintd.daemon.service.Part;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StoreException;

/**
 * A state store as a part of the daemon: opened (the file locked) when it starts, released when it
 * stops, and {@code FAILED} once a read or write fails, which stops the runner: a state that cannot
 * be stored must not be acted on. Thread-safe.
 */
public final class StorePart extends Part implements StateStore {
  private final String where;
  private final Supplier<? extends StateStore> opener;
  private final StateWrites writes;
  private volatile StateStore store;

  /** The part of the store {@code opener} opens, which keeps its state in {@code where}. */
  public StorePart(String where, Supplier<? extends StateStore> opener, Clock clock) {
    this(where, opener, clock, new StateWrites());
  }

  /** The same, its writes counted in {@code writes} when the store tells their size. */
  public StorePart(
      String where, Supplier<? extends StateStore> opener, Clock clock, StateWrites writes) {
    super("store", clock);
    this.where = where;
    this.opener = opener;
    this.writes = writes;
  }

  @Override
  protected void startUp() {
    store = opener.get();
  }

  @Override
  public boolean exists() {
    return opened().exists();
  }

  @Override
  public String where() {
    return where;
  }

  @Override
  public MaintdState load(Instant now) {
    return failingOn(s -> s.load(now));
  }

  @Override
  public MaintdState save(MaintdState state) {
    return failingOn(
        s -> {
          MaintdState saved = s.save(state);
          if (s instanceof StateWrites.Sized sized) {
            writes.record(sized.lastWriteBytes());
          }
          return saved;
        });
  }

  /** What {@code use} gives of the open store; a store that fails fails this part. */
  private MaintdState failingOn(Function<StateStore, MaintdState> use) {
    try {
      return use.apply(opened());
    } catch (StoreException e) {
      failed(e);
      throw e;
    }
  }

  private StateStore opened() {
    StateStore s = store;
    if (s == null) {
      throw new IllegalStateException("the state store " + where + " is not open");
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
    return where;
  }
}
