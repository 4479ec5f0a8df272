package org.maintd.daemon.zookeeper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.maintd.protocol.state.StateCodec;
import org.maintd.protocol.state.StateEnvelope;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StoreException;

/**
 * The state in ZooKeeper: {@code /state} holds a {@link StateEnvelope} (serial, leader epoch,
 * writer, the state gzipped inline or split into {@code /state-chunks/<serial>/<n>}). Every write
 * is a compare-and-set on the version of {@code /state} this store last read or wrote, so a write
 * by anyone else in between, above all a new leader's {@link #takeOver}, makes every later write
 * and every {@link #fence} check of this store fail with {@link Fenced}: an old leader can store
 * nothing and submit nothing once a new one has taken over. Chunks of a new serial are written
 * before the header that names them, and those of the old one deleted after, so that a reader sees
 * one whole state or the other. Thread-safe.
 */
public final class ZooKeeperStateStore implements StateStore {
  static final String STATE = "/state";
  static final String CHUNKS = "/state-chunks";
  private static final int CHUNK = 256 * 1024;

  private final CuratorFramework zk;
  private final String writer;
  private final int chunkSize;
  private final StateCodec codec = new StateCodec();
  private int version = -1;
  private long storedSerial = -1;
  private StateEnvelope stored;
  private MaintdState loaded;

  /** A store writing as {@code writer} (this daemon's URL), not yet loaded. */
  public ZooKeeperStateStore(CuratorFramework zk, String writer) {
    this(zk, writer, CHUNK);
  }

  ZooKeeperStateStore(CuratorFramework zk, String writer, int chunkSize) {
    this.zk = zk;
    this.writer = writer;
    this.chunkSize = chunkSize;
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
    return "ZooKeeper " + zk.getNamespace() + STATE;
  }

  @Override
  public boolean exists() {
    try {
      return zk.checkExists().forPath(STATE) != null;
    } catch (Exception e) {
      throw failure("cannot ask ZooKeeper whether a state is stored", e);
    }
  }

  /**
   * The stored state, or null when none was ever stored; does not change what this store writes on.
   */
  public Read peek() {
    for (int attempt = 0; ; attempt++) {
      try {
        Stat stat = new Stat();
        byte[] header = zk.getData().storingStatIn(stat).forPath(STATE);
        StateEnvelope e = parse(header);
        return new Read(e, decode(e, chunks(e)), stat.getVersion());
      } catch (KeeperException.NoNodeException e) {
        if (isMissing(STATE)) {
          return null;
        }
        if (attempt >= 5) {
          throw failure("the stored state kept changing while it was read", e);
        }
        // the chunks the header named were replaced between the two reads: read again
      } catch (StoreException e) {
        throw e;
      } catch (Exception e) {
        throw failure("cannot read the state from ZooKeeper", e);
      }
    }
  }

  private boolean isMissing(String path) {
    try {
      return zk.checkExists().forPath(path) == null;
    } catch (Exception e) {
      throw failure("cannot read the state from ZooKeeper", e);
    }
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

  /** The leader epoch of the state this store last read or wrote (0: none stored). */
  public synchronized long epoch() {
    return stored == null ? 0 : stored.epoch();
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
    try {
      if (stored == null) {
        StateEnvelope first =
            StateEnvelope.pack(
                    codec.write(MaintdState.initial(now)), 0, 1, writer, Integer.MAX_VALUE)
                .envelope();
        zk.create().forPath(STATE, first.toBytes());
        stored = first;
        version = 0;
        return 1;
      }
      StateEnvelope before = stored;
      StateEnvelope.Packed next =
          StateEnvelope.pack(
              codec.write(loaded), loaded.serial(), before.epoch() + 1, writer, chunkSize);
      writeChunks(next);
      Stat stat = zk.setData().withVersion(version).forPath(STATE, next.envelope().toBytes());
      stored = next.envelope();
      version = stat.getVersion();
      deleteChunks(before);
      return stored.epoch();
    } catch (KeeperException.BadVersionException | KeeperException.NodeExistsException e) {
      throw new Fenced("another daemon wrote the state while this one was taking over");
    } catch (Exception e) {
      throw failure("cannot take over the state in ZooKeeper", e);
    }
  }

  @Override
  public synchronized MaintdState save(MaintdState state) {
    if (storedSerial < 0) {
      throw new StoreException("the state was not loaded before the first write");
    }
    if (state.serial() != storedSerial + 1) {
      throw new StoreException(
          "state write refused: serial "
              + state.serial()
              + " does not follow the stored "
              + storedSerial);
    }
    long epoch = epoch();
    StateEnvelope.Packed p =
        StateEnvelope.pack(codec.write(state), state.serial(), epoch, writer, chunkSize);
    StateEnvelope before = stored;
    try {
      writeChunks(p);
      if (version < 0) {
        zk.create().forPath(STATE, p.envelope().toBytes());
        version = 0;
      } else {
        version =
            zk.setData().withVersion(version).forPath(STATE, p.envelope().toBytes()).getVersion();
      }
    } catch (KeeperException.BadVersionException | KeeperException.NodeExistsException e) {
      deleteChunks(p.envelope());
      throw fenced();
    } catch (Exception e) {
      throw failure("cannot write the state to ZooKeeper", e);
    }
    stored = p.envelope();
    loaded = state;
    storedSerial = state.serial();
    if (before != null) {
      deleteChunks(before);
    }
    return state;
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
      throw failure("cannot check with ZooKeeper that this daemon still leads", e);
    }
  }

  private Fenced fenced() {
    String who = "";
    try {
      Read now = peek();
      who =
          now == null
              ? ""
              : " (epoch " + now.envelope().epoch() + ", " + now.envelope().writer() + ")";
    } catch (StoreException e) {
      // who wrote it is only for the message
    }
    return new Fenced(
        "another leader"
            + who
            + " has written the state since this daemon (epoch "
            + epoch()
            + ") last did: this daemon no longer leads");
  }

  private void writeChunks(StateEnvelope.Packed p) throws Exception {
    StateEnvelope e = p.envelope();
    for (int i = 0; i < p.chunks().size(); i++) {
      zk.create()
          .orSetData()
          .creatingParentContainersIfNeeded()
          .forPath(chunk(e, i), p.chunks().get(i));
    }
  }

  /** Deletes the chunks {@code e} names; those left over are overwritten or never read. */
  private void deleteChunks(StateEnvelope e) {
    if (e.chunks() == 0) {
      return;
    }
    try {
      zk.delete().quietly().deletingChildrenIfNeeded().forPath(generation(e));
    } catch (Exception ex) {
      // no header names them any more: they are garbage, not state
    }
  }

  private List<byte[]> chunks(StateEnvelope e) throws Exception {
    List<byte[]> parts = new ArrayList<>();
    for (int i = 0; i < e.chunks(); i++) {
      parts.add(zk.getData().forPath(chunk(e, i)));
    }
    return parts;
  }

  /**
   * Where the chunks of one write live: by epoch and serial, so that a fenced old leader writing
   * the same serial never touches the new leader's chunks.
   */
  private static String generation(StateEnvelope e) {
    return CHUNKS + "/" + e.epoch() + "-" + e.serial();
  }

  private static String chunk(StateEnvelope e, int i) {
    return generation(e) + "/" + String.format("%04d", i);
  }

  private StateEnvelope parse(byte[] header) {
    try {
      return StateEnvelope.parse(header);
    } catch (IllegalArgumentException e) {
      throw new StoreException(
          "the state in ZooKeeper ("
              + STATE
              + ") is corrupt: "
              + e.getMessage()
              + "; maintd will not overwrite it: repair it or move it away",
          e);
    }
  }

  private MaintdState decode(StateEnvelope e, List<byte[]> parts) {
    try {
      return codec.read(e.unpack(parts));
    } catch (IllegalArgumentException ex) {
      throw new StoreException(
          "the state in ZooKeeper (serial "
              + e.serial()
              + ", written by "
              + e.writer()
              + ") is corrupt: "
              + ex.getMessage()
              + "; maintd will not overwrite it: repair it or move it away",
          ex);
    }
  }

  private static StoreException failure(String what, Exception e) {
    if (e instanceof KeeperException k
        && (k.code() == KeeperException.Code.CONNECTIONLOSS
            || k.code() == KeeperException.Code.SESSIONEXPIRED
            || k.code() == KeeperException.Code.OPERATIONTIMEOUT
            || k.code() == KeeperException.Code.SESSIONMOVED)) {
      return new Unavailable(what + ": " + k.getMessage(), e);
    }
    return new StoreException(what + ": " + e, e);
  }

  @Override
  public void close() {}
}
