package org.maintd.daemon.zookeeper;

import org.apache.curator.framework.CuratorFramework;
import org.maintd.protocol.state.StateCodec;
import org.maintd.protocol.state.StateEnvelope;
import org.maintd.spi.MaintdState;

/**
 * An operator's restore of an exported state: stored as it is (its serial kept) under the next
 * leader epoch, over whatever {@code /state} holds, readable or not. A leader that read the state
 * before is fenced off by it: its next write or check finds another version. Thread-safe.
 */
public final class StateImport {
  private final CuratorFramework zk;
  private final String writer;
  private final EpochFloor floor;
  private final ZooKeeperStateReader reader;
  private final StateChunks chunks;

  /** Imports as {@code writer} (who did it, for the header), past {@code floor}'s epochs. */
  public StateImport(CuratorFramework zk, String writer, EpochFloor floor) {
    this.zk = zk;
    this.writer = writer;
    this.floor = floor;
    this.reader = new ZooKeeperStateReader(zk);
    this.chunks = new StateChunks(zk);
  }

  /** What an import replaced: the new epoch, and the bytes {@code /state} held (null: none). */
  public record Imported(long epoch, byte[] replaced) {}

  /** Where it writes, for messages. */
  public String where() {
    return reader.where();
  }

  public Imported store(MaintdState state) {
    byte[] replaced = reader.raw();
    StateEnvelope before = header(replaced);
    long epoch = Math.max(before == null ? 0 : before.epoch(), floor.highest()) + 1;
    StateEnvelope.Packed p =
        StateEnvelope.pack(
            new StateCodec().write(state),
            state.serial(),
            epoch,
            writer,
            ZooKeeperStateStore.CHUNK);
    try {
      chunks.write(p);
      if (zk.checkExists().forPath(ZooKeeperStateReader.STATE) == null) {
        zk.create()
            .creatingParentContainersIfNeeded()
            .forPath(ZooKeeperStateReader.STATE, p.envelope().toBytes());
      } else {
        zk.setData().forPath(ZooKeeperStateReader.STATE, p.envelope().toBytes());
      }
    } catch (Exception e) {
      throw ZooKeeperStateStore.failure("cannot write the state to ZooKeeper", e);
    }
    chunks.delete(before);
    floor.saw(epoch);
    return new Imported(epoch, replaced);
  }

  /** The header of what is replaced, when it is one; its chunks are then deleted. */
  private static StateEnvelope header(byte[] bytes) {
    if (bytes == null || bytes.length == 0) {
      return null;
    }
    try {
      return StateEnvelope.parse(bytes);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
