package org.maintd.daemon.zookeeper;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.maintd.daemon.store.Replaced;
import org.maintd.protocol.state.StateCodec;
import org.maintd.protocol.state.StateEnvelope;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;

/**
 * An operator's restore of an exported state: stored as it is (its serial kept) under the next
 * leader epoch, over whatever {@code /state} holds, readable or not. What it replaces is kept in a
 * directory first ({@link ReplacedCopy}); the write then goes through only over the very version
 * that was kept, else it starts again (a leader wrote meanwhile). A leader that read the state
 * before is fenced off by it: its next write or check finds another version. Thread-safe.
 */
public final class StateImport {
  private static final int ATTEMPTS = 5;

  private final CuratorFramework zk;
  private final String writer;
  private final EpochFloor floor;
  private final Keeper keeper;
  private final ZooKeeperStateReader reader;
  private final StateChunks chunks;

  /**
   * Imports as {@code writer} (who did it, for the header), past {@code floor}'s epochs, keeping
   * what it replaces in {@code keepIn}.
   */
  public StateImport(CuratorFramework zk, String writer, EpochFloor floor, Path keepIn) {
    this(zk, writer, floor, (stored, now) -> ReplacedCopy.keep(stored, keepIn, now));
  }

  StateImport(CuratorFramework zk, String writer, EpochFloor floor, Keeper keeper) {
    this.zk = zk;
    this.writer = writer;
    this.floor = floor;
    this.keeper = keeper;
    this.reader = new ZooKeeperStateReader(zk);
    this.chunks = new StateChunks(zk);
  }

  /** How what an import replaces is kept, named with the time of the import. */
  interface Keeper {
    Replaced keep(Optional<StoredState> stored, Instant now);
  }

  /** What an import did: the new epoch, and what it replaced. */
  public record Imported(long epoch, Replaced replaced) {}

  /** Where it writes, for messages. */
  public String where() {
    return reader.where();
  }

  /** Stores {@code state}; what it replaces is kept first, named with {@code now}. */
  public Imported store(MaintdState state, Instant now) {
    for (int attempt = 1; ; attempt++) {
      Optional<StoredState> before = reader.stored();
      Replaced kept = keeper.keep(before, now);
      Optional<StateEnvelope> old = before.flatMap(StoredState::envelope);
      long epoch = Math.max(old.map(StateEnvelope::epoch).orElse(0L), floor.highest()) + 1;
      StateEnvelope.Packed p =
          StateEnvelope.pack(
              new StateCodec().write(state),
              state.serial(),
              epoch,
              writer,
              ZooKeeperStateStore.CHUNK);
      if (replace(before, p)) {
        old.ifPresent(chunks::delete);
        floor.saw(epoch);
        return new Imported(epoch, kept);
      }
      chunks.delete(p.envelope());
      if (attempt >= ATTEMPTS) {
        throw new StoreException(
            where() + " kept changing while it was imported over: nothing was imported");
      }
    }
  }

  /**
   * Writes {@code p} over the version of {@code /state} that was read; false when another write
   * came between.
   */
  private boolean replace(Optional<StoredState> before, StateEnvelope.Packed p) {
    try {
      chunks.write(p);
      byte[] header = p.envelope().toBytes();
      if (before.isEmpty()) {
        zk.create().creatingParentContainersIfNeeded().forPath(ZooKeeperStateReader.STATE, header);
      } else {
        zk.setData()
            .withVersion(before.get().version())
            .forPath(ZooKeeperStateReader.STATE, header);
      }
      return true;
    } catch (KeeperException.NodeExistsException
        | KeeperException.BadVersionException
        | KeeperException.NoNodeException e) {
      return false;
    } catch (Exception e) {
      throw ZooKeeperFailures.of("cannot write the state to ZooKeeper", e);
    }
  }
}
