package org.maintd.daemon.zookeeper;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooKeeper;
import org.maintd.daemon.service.DaemonThreads;

/**
 * Renews the {@link ZooKeeperLease}: four times per lease (and at once when asked) it checks that
 * maintd's chroot exists in a transaction, straight on the client's current session (no retry: an
 * answer that does not come renews nothing), and an answer renews the lease from the moment the
 * question was sent. A transaction, not a read: a read is answered by the server the client is
 * connected to, which may be cut from its peers and still answer while the quorum expires the
 * session; a transaction is answered only once ZooKeeper's leader has committed it with a quorum,
 * which proves the session alive there. {@code answered} runs after each answer, on ZooKeeper's
 * event thread. Thread-safe.
 */
final class ZooKeeperHeartbeat implements AutoCloseable {
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-zookeeper-lease"));
  private final Supplier<CuratorFramework> client;
  private final List<Op> check;
  private final ZooKeeperLease lease;
  private final Runnable answered;

  /** Renews {@code lease} on {@code client}'s session, checking {@code chroot} (maintd's). */
  ZooKeeperHeartbeat(
      Supplier<CuratorFramework> client, String chroot, ZooKeeperLease lease, Runnable answered) {
    this.client = client;
    this.check = List.of(Op.check(chroot, -1));
    this.lease = lease;
    this.answered = answered;
  }

  /**
   * Asks four times within the lease of {@code sessionTimeout} (so that one late answer is no
   * lapse), and once first in the caller's thread, waiting for the answer.
   */
  void start(Duration sessionTimeout) throws Exception {
    long every = Math.max(50, (long) (sessionTimeout.toMillis() * ZooKeeperLease.SHARE / 4));
    ZooKeeper z = client.get().getZookeeperClient().getZooKeeper();
    lease.confirmed(z.getSessionId());
    long sent = lease.now();
    z.multi(check);
    lease.heard(sent, z.getSessionId(), Duration.ofMillis(z.getSessionTimeout()));
    timer.scheduleWithFixedDelay(this::beat, every, every, TimeUnit.MILLISECONDS);
  }

  /** The connection is back in {@code session}: the lease follows it, renewed at once. */
  void confirm() {
    try {
      lease.confirmed(client.get().getZookeeperClient().getZooKeeper().getSessionId());
    } catch (Exception e) {
      return; // closing: nothing more to confirm
    }
    timer.execute(this::beat);
  }

  /** Asks once; the lease is renewed when the answer comes. */
  void beat() {
    answered.run(); // the lease may have lapsed since the last answer: said at once
    ZooKeeper z;
    try {
      z = client.get().getZookeeperClient().getZooKeeper();
    } catch (Exception e) {
      return; // no session now: nothing to renew
    }
    long sent = lease.now();
    long session = z.getSessionId();
    Duration timeout = Duration.ofMillis(z.getSessionTimeout());
    z.multi(
        check,
        (rc, path, ctx, results) -> {
          if (rc == KeeperException.Code.OK.intValue()) {
            lease.heard(sent, session, timeout);
          }
          answered.run();
        },
        null);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
