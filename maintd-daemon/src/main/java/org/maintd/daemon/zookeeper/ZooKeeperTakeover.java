package org.maintd.daemon.zookeeper;

import java.time.Clock;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A new leader's takeover of the stored state: it writes the state again under the next epoch
 * (fencing off any previous leader's writes and checks), then waits out {@code fenceWait}: long
 * enough that a previous leader that lost its session has noticed and stopped (see
 * docs/operations.md, "Fencing"). Leadership or the connection lost meanwhile ends the takeover.
 * Leadership is asked of {@code stillLeads}. Used once per election, on the election's thread.
 */
public final class ZooKeeperTakeover {
  private static final Logger log = LoggerFactory.getLogger(ZooKeeperTakeover.class);

  private final ZooKeeperConnection zk;
  private final BooleanSupplier stillLeads;
  private final Duration fenceWait;
  private final Clock clock;

  public ZooKeeperTakeover(
      ZooKeeperConnection zk, BooleanSupplier stillLeads, Duration fenceWait, Clock clock) {
    this.zk = zk;
    this.stillLeads = stillLeads;
    this.fenceWait = fenceWait;
    this.clock = clock;
  }

  /** Takes {@code store} over; returns once this daemon may act on it. */
  public long takeOver(ZooKeeperStateStore store) {
    store.load(clock.instant());
    long epoch = store.takeOver(clock.instant());
    log.info(
        "leader epoch {}: took over the state; acting in {} ms, once any previous leader has"
            + " stopped",
        epoch,
        fenceWait.toMillis());
    long until = System.nanoTime() + fenceWait.toNanos();
    while (System.nanoTime() < until) {
      if (!stillLeads.getAsBoolean() || !zk.usable()) {
        throw new ZooKeeperStateStore.Fenced(
            "leadership ended while waiting out the fence of epoch " + epoch);
      }
      try {
        Thread.sleep(Math.min(50, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ZooKeeperStateStore.Fenced("interrupted while waiting out the fence");
      }
    }
    return epoch;
  }
}
