package org.maintd.daemon.zookeeper;

import java.time.Instant;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.maintd.daemon.store.StateWrites;
import org.maintd.protocol.state.StateCodec;
import org.maintd.protocol.state.StateEnvelope;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

/**
 * The state in ZooKeeper: {@code /state} holds a {@link StateEnvelope} (serial, leader epoch,
 * writer, the state gzipped inline or split into {@code /state-chunks/<epoch>-<serial>/<n>}). Every
 * write is a compare-and-set on the version of {@code /state} this store last read or wrote, so a
 * write by anyone else in between, above all a new leader's {@link #takeOver}, makes every later
 * write and every {@link #fence} check of this store fail with {@link Fenced}: an old leader can
 * store nothing and submit nothing once a new one has taken over. Chunks of a new serial are
 * written before the header that names them, and those of the old one deleted after, so that a
 * reader sees one whole state or the other. A state that cannot be decoded is an {@link
 * UnreadableStateException} and is never overwritten, but by a {@link StateImport}. Leader epochs
 * never go back: a new one is past both the stored one and the highest this daemon has seen ({@link
 * EpochFloor}). Thread-safe.
 */
public final class ZooKeeperStateStore implements StateStore, StateWrites.Sized {
  static final String STATE = ZooKeeperStateReader.STATE;
  static final String CHUNKS = ZooKeeperStateReader.CHUNKS;
  static final int CHUNK = 256 * 1024;

  private final CuratorFramework zk;
  private final String writer;
  private final int chunkSize;
  private final EpochFloor floor;
  private final ZooKeeperStateReader reader;
  private final StateChunks chunks;
  private final StateCodec codec = new StateCodec();
  private final Runnable mayWrite;
  private int version = -1;
  private long storedSerial = -1;
  private StateEnvelope stored;
  private MaintdState loaded;
  private long lastWriteBytes;

  /** A store writing as {@code writer} (this daemon's URL), not yet loaded. */
  public ZooKeeperStateStore(CuratorFramework zk, String writer) {
    this(zk, writer, EpochFloor.inMemory());
  }

  /** A store writing as {@code writer}, its epochs above {@code floor}'s. */
  public ZooKeeperStateStore(CuratorFramework zk, String writer, EpochFloor floor) {
    this(zk, writer, CHUNK, floor, () -> {});
  }

  /**
   * The same, each write first let through by {@code mayWrite}, which throws when this daemon may
   * not write (it has not heard from ZooKeeper within its lease).
   */
  public ZooKeeperStateStore(
      CuratorFramework zk, String writer, EpochFloor floor, Runnable mayWrite) {
    this(zk, writer, CHUNK, floor, mayWrite);
  }

  ZooKeeperStateStore(CuratorFramework zk, String writer, int chunkSize) {
    this(zk, writer, chunkSize, EpochFloor.inMemory(), () -> {});
  }

  private ZooKeeperStateStore(
      CuratorFramework zk, String writer, int chunkSize, EpochFloor floor, Runnable mayWrite) {
    this.mayWrite = mayWrite;
    this.zk = zk;
    this.writer = writer;
    this.chunkSize = chunkSize;
    this.floor = floor;
    this.reader = new ZooKeeperStateReader(zk);
    this.chunks = new StateChunks(zk);
  }

  /** The state some leader stored, as read now (standbys show it): its envelope and state. */
  public record Read(StateEnvelope envelope, MaintdState state, int version) {}

  /**
   * ZooKeeper cannot be reached, or this daemon's session is gone: the state may or may not have
   * been written, so a leader that gets this stops and reads the state again when it next leads.
   */
  public static final class Unavailable extends StoreException {
    public Unavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** Another writer changed the state since this store last read or wrote it: it is fenced off. */
  public static final class Fenced extends StoreException {
    public Fenced(String message) {
      super(message);
    }
  }

  @Override
  public String where() {
    return reader.where();
  }

  @Override
  public boolean exists() {
    try {
      return zk.checkExists().forPath(STATE) != null;
    } catch (Exception e) {
      throw ZooKeeperFailures.of("cannot ask ZooKeeper whether a state is stored", e);
    }
  }

  /**
   * The stored state, or null when none was ever stored; does not change what this store writes on.
   * Throws {@link UnreadableStateException} when it is there but cannot be decoded.
   */
  public Read peek() {
    ZooKeeperStateReader.Read r = reader.read();
    if (r == null) {
      return null;
    }
    floor.saw(r.envelope().epoch());
    return new Read(r.envelope(), r.state(), r.version());
  }

  @Override
  public synchronized MaintdState load(Instant now) {
    Read r = peek();
    if (r == null) {
      version = -1;
      storedSerial = 0;
      stored = null;
      return MaintdState.initial(now);
    }
    version = r.version();
    loaded = r.state();
    storedSerial = r.state().serial();
    stored = r.envelope();
    return r.state();
  }

  /** The leader epoch of the state this store last read or wrote (0: none). */
  public synchronized long epoch() {
    return stored == null ? 0 : stored.epoch();
  }

  private long nextEpoch() {
    return Math.max(epoch(), floor.highest()) + 1;
  }

  /**
   * Makes this store's writer the leader of the stored state: writes it again (or, when none is
   * stored, the initial state) under the next epoch, compare-and-set on the version last {@link
   * #load}ed. From then on every write and check of a store that read an earlier version fails.
   * Returns the new epoch.
   */
  public synchronized long takeOver(Instant now) {
    if (storedSerial < 0) {
      throw new StoreException("the state was not loaded before taking over");
    }
    long epoch = nextEpoch();
    mayWrite.run();
    try {
      if (stored == null) {
        StateEnvelope first =
            StateEnvelope.pack(
                    codec.write(MaintdState.initial(now)), 0, epoch, writer, Integer.MAX_VALUE)
                .envelope();
        zk.create().forPath(STATE, first.toBytes());
        stored = first;
        version = 0;
      } else {
        StateEnvelope before = stored;
        StateEnvelope.Packed next =
            StateEnvelope.pack(codec.write(loaded), loaded.serial(), epoch, writer, chunkSize);
        chunks.write(next);
        Stat stat = zk.setData().withVersion(version).forPath(STATE, next.envelope().toBytes());
        stored = next.envelope();
        version = stat.getVersion();
        chunks.delete(before);
      }
    } catch (KeeperException.BadVersionException | KeeperException.NodeExistsException e) {
      throw new Fenced("another daemon wrote the state while this one was taking over");
    } catch (Exception e) {
      throw ZooKeeperFailures.of("cannot take over the state in ZooKeeper", e);
    }
    floor.saw(epoch);
    return epoch;
  }

  @Override
  public synchronized MaintdState save(MaintdState state) {
    if (storedSerial < 0) {
      throw new StoreException("the state was not loaded before the first write");
    }
    StateStore.requireNext(state, storedSerial);
    mayWrite.run();
    StateEnvelope.Packed p =
        StateEnvelope.pack(codec.write(state), state.serial(), epoch(), writer, chunkSize);
    StateEnvelope before = stored;
    try {
      chunks.write(p);
      if (version < 0) {
        zk.create().forPath(STATE, p.envelope().toBytes());
        version = 0;
      } else {
        version =
            zk.setData().withVersion(version).forPath(STATE, p.envelope().toBytes()).getVersion();
      }
    } catch (KeeperException.BadVersionException | KeeperException.NodeExistsException e) {
      chunks.delete(p.envelope());
      throw fenced();
    } catch (Exception e) {
      throw ZooKeeperFailures.of("cannot write the state to ZooKeeper", e);
    }
    stored = p.envelope();
    lastWriteBytes =
        p.envelope().toBytes().length + p.chunks().stream().mapToLong(c -> c.length).sum();
    loaded = state;
    storedSerial = state.serial();
    chunks.delete(before);
    return state;
  }

  @Override
  public synchronized long lastWriteBytes() {
    return lastWriteBytes;
  }

  /**
   * Throws {@link Fenced} unless the state is still the version this store last wrote, checked
   * through ZooKeeper's leader (a transaction, not a possibly stale read); a failing connection
   * throws too. Called before each submission.
   */
  public synchronized void fence() {
    if (version < 0) {
      return;
    }
    try {
      zk.transaction()
          .forOperations(zk.transactionOp().check().withVersion(version).forPath(STATE));
    } catch (KeeperException.BadVersionException | KeeperException.NoNodeException e) {
      throw fenced();
    } catch (Exception e) {
      throw ZooKeeperFailures.of("cannot check with ZooKeeper that this daemon still leads", e);
    }
  }

  /** Fenced, with who wrote the state since: a maintd leader, or something that is not one. */
  private Fenced fenced() {
    return ZooKeeperFailures.fenced(epoch(), where(), this::peek);
  }

  @Override
  public void close() {}
}
