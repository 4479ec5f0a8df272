package org.maintd.daemon.zookeeper;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.maintd.spi.MaintdState;

/**
 * The stored state as a standby reads it, again and again: {@code /state}'s header every time, its
 * chunks read, unzipped and decoded only when a leader wrote it since the last read (at 10,000
 * nodes the state is about 750 KB of JSON; a quiet leader writes nothing for many refreshes). Every
 * epoch read is told to the {@link EpochFloor}. Thread-safe.
 */
public final class StandbyReads {
  private final Supplier<CuratorFramework> zk;
  private final EpochFloor floor;
  private final AtomicLong decoded = new AtomicLong();
  private volatile Optional<ZooKeeperStateReader.Read> last = Optional.empty();

  /** Reads through the client {@code zk} gives once its connection is started. */
  public StandbyReads(Supplier<CuratorFramework> zk, EpochFloor floor) {
    this.zk = zk;
    this.floor = floor;
  }

  /** The stored state, or null when none is stored. */
  public synchronized MaintdState read() {
    Optional<ZooKeeperStateReader.Read> before = last;
    ZooKeeperStateReader.Read r = new ZooKeeperStateReader(zk.get()).read(before);
    if (r == null) {
      last = Optional.empty();
      return null;
    }
    if (before.isEmpty() || before.get() != r) {
      decoded.incrementAndGet();
    }
    floor.saw(r.envelope().epoch());
    last = Optional.of(r);
    return r.state();
  }

  /** How many reads found a state written since the one before, and decoded it. */
  public long decoded() {
    return decoded.get();
  }
}
