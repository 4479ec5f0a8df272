package org.maintd.daemon.store;

import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;
import java.util.function.Supplier;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.service.Part;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StateUnwritableException;
import org.maintd.spi.StoreException;

/**
 * A state store as a part of the daemon: opened (the file locked) when it starts, released when it
 * stops. A write the place refuses ({@link StateUnwritableException}: a full or read-only disk)
 * raises {@link FaultKind#STATE_UNWRITABLE} and leaves the part running; the first write that
 * succeeds clears it. Any other failure to read or write moves it to {@code FAILED}, which stops
 * the runner: a state that cannot be stored must not be acted on. Thread-safe.
 */
public final class StorePart extends Part implements StateStore {
  private final String where;
  private final Supplier<? extends StateStore> opener;
  private final StateWrites writes;
  private final Faults faults;
  private volatile StateStore store;

  /** The part of the store {@code opener} opens, which keeps its state in {@code where}. */
  public StorePart(String where, Supplier<? extends StateStore> opener, Clock clock) {
    this(where, opener, clock, new StateWrites());
  }

  /**
   * The same, its writes counted in {@code writes} when the store tells their size; for a store
   * that never refuses a write as {@link StateUnwritableException} (ZooKeeper: a session lost is
   * its own holdup), so no one else reads the faults it would raise.
   */
  public StorePart(
      String where, Supplier<? extends StateStore> opener, Clock clock, StateWrites writes) {
    this(where, opener, clock, writes, new Faults(clock));
  }

  /**
   * The same, its writes counted in {@code writes} when the store tells their size, the writes it
   * refuses told to {@code faults}.
   */
  public StorePart(
      String where,
      Supplier<? extends StateStore> opener,
      Clock clock,
      StateWrites writes,
      Faults faults) {
    super("store", clock);
    this.where = where;
    this.opener = opener;
    this.writes = writes;
    this.faults = faults;
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
          MaintdState saved = unlessRefused(s, state);
          if (s instanceof StateWrites.Sized sized) {
            writes.record(sized.lastWriteBytes());
          }
          return saved;
        });
  }

  /**
   * Checks that the store takes writes now; one that does not raises the fault (cleared only by a
   * write that succeeds).
   */
  @Override
  public void checkWritable() {
    try {
      opened().checkWritable();
    } catch (StateUnwritableException e) {
      faults.raise(FaultKind.STATE_UNWRITABLE, e.where() + ": " + e.reason());
      throw e;
    }
  }

  /**
   * {@code state} stored in {@code s}; a write the place refuses raises the fault (and is thrown
   * on, the part still running), the first that succeeds clears it.
   */
  private MaintdState unlessRefused(StateStore s, MaintdState state) {
    MaintdState saved;
    try {
      saved = s.save(state);
    } catch (StateUnwritableException e) {
      faults.raise(FaultKind.STATE_UNWRITABLE, e.where() + ": " + e.reason());
      throw e;
    }
    faults.clear(FaultKind.STATE_UNWRITABLE);
    return saved;
  }

  /** What {@code use} gives of the open store; a store that fails fails this part. */
  private MaintdState failingOn(Function<StateStore, MaintdState> use) {
    try {
      return use.apply(opened());
    } catch (StateUnwritableException e) {
      throw e;
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
