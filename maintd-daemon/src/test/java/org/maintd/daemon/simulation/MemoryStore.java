package org.maintd.daemon.simulation;

import java.time.Instant;
import org.maintd.daemon.zookeeper.ZooKeeperStateStore;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

/**
 * The state store of a simulation, kept in memory, shared by the daemons the simulation starts:
 * each reads and writes it through its own {@link Handle}, with compare-and-set on the serial and,
 * as in ZooKeeper, on the version it last read or wrote, so that a daemon that another one has
 * taken over from ({@link Handle#takeOver}) can neither store nor submit anything. A write may be
 * made to fail (a full disk); then nothing is written. The store may also not answer at all for a
 * number of steps (ZooKeeper without a quorum, or out of reach): then every read, write, take-over
 * and fence check fails with {@link ZooKeeperStateStore.Unavailable}. Something that is no maintd
 * may write garbage over it for a number of steps: that write fences off every handle, every read
 * fails with {@link UnreadableStateException}, and when it ends an operator's import puts the last
 * good state back (fencing off every handle again). The text is made when it is read rather than at
 * every write: the codec is a pure function of the state, so it is the text the write would have
 * made.
 */
final class MemoryStore {
  private final StateCodec codec = new StateCodec();
  private MaintdState saved;
  private String text;
  private long version;
  private int failNext;
  private int writes;
  private int outageSteps;
  private int garbageSteps;

  /** A new daemon's view of the store. */
  Handle handle() {
    return new Handle();
  }

  /** One daemon's reads and writes. */
  final class Handle implements StateStore {
    private long loadedSerial = -1;
    private long knownVersion = -1;

    @Override
    public boolean exists() {
      return saved != null;
    }

    @Override
    public String where() {
      return "memory";
    }

    @Override
    public MaintdState load(Instant now) {
      answers();
      if (garbageSteps > 0) {
        throw new UnreadableStateException(
            "memory", "something that is no maintd wrote garbage over it (simulated)", null);
      }
      MaintdState state = saved == null ? MaintdState.initial(now) : codec.read(text());
      loadedSerial = state.serial();
      knownVersion = version;
      return state;
    }

    @Override
    public MaintdState save(MaintdState state) {
      answers();
      fence();
      if (state.serial() != loadedSerial + 1) {
        throw new StoreException(
            "state write refused: serial "
                + state.serial()
                + " does not follow the stored "
                + loadedSerial);
      }
      if (failNext > 0) {
        failNext--;
        throw new StoreException("cannot write state file: No space left on device (simulated)");
      }
      saved = state;
      text = null;
      loadedSerial = state.serial();
      knownVersion = ++version;
      writes++;
      return state;
    }

    /** Becomes the one daemon that may write, fencing off every other handle. */
    void takeOver() {
      fence();
      knownVersion = ++version;
    }

    /** Throws unless nobody else has written or taken over since this handle last did. */
    void fence() {
      answers();
      if (knownVersion != version) {
        throw new ZooKeeperStateStore.Fenced(
            "fenced: the store is at version " + version + ", this daemon knew " + knownVersion);
      }
    }

    @Override
    public void close() {}
  }

  /** The last state written, as it was given; null before the first write. */
  MaintdState saved() {
    return saved;
  }

  /** The file's text; null before the first write. */
  String text() {
    if (text == null && saved != null) {
      text = codec.write(saved);
    }
    return text;
  }

  void failNextWrite() {
    failNext++;
  }

  /** The store answers nothing for the next {@code steps} steps. */
  void outage(int steps) {
    outageSteps = steps;
  }

  boolean unreachable() {
    return outageSteps > 0;
  }

  /** Garbage is written over the state, and stays for {@code steps} steps. */
  void garbage(int steps) {
    version++;
    garbageSteps = steps;
  }

  /** Whether the state cannot be read: nothing may be done meanwhile. */
  boolean unreadable() {
    return garbageSteps > 0;
  }

  /** One step of an outage, or of garbage, has passed. */
  void stepPassed() {
    if (outageSteps > 0) {
      outageSteps--;
    }
    if (garbageSteps > 0 && --garbageSteps == 0) {
      imported();
    }
  }

  void heal() {
    failNext = 0;
    outageSteps = 0;
    if (garbageSteps > 0) {
      garbageSteps = 0;
      imported();
    }
  }

  /** An operator imports {@code state} over the stored one: every handle is fenced off. */
  void importState(MaintdState state) {
    saved = state;
    text = null;
    version++;
  }

  /** An operator imports the last good state over the garbage: every handle is fenced off. */
  private void imported() {
    version++;
  }

  private void answers() {
    if (outageSteps > 0) {
      throw new ZooKeeperStateStore.Unavailable(
          "the store does not answer (simulated outage, " + outageSteps + " more step(s))", null);
    }
  }

  int writes() {
    return writes;
  }
}
