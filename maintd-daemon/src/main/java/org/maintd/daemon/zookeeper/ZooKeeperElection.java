package org.maintd.daemon.zookeeper;

import java.io.IOException;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.service.Part;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code leadership: zookeeper}: Curator's leader latch under {@code /leader} among the daemons of
 * the master candidates, each standing with its own URL, so that every daemon can say who leads.
 * Leadership survives a {@code SUSPENDED} connection (the gate stops submissions meanwhile) and
 * ends when the session is {@code LOST}. Thread-safe.
 */
public final class ZooKeeperElection extends Part implements Election {
  private static final Logger log = LoggerFactory.getLogger(ZooKeeperElection.class);
  static final String LATCH = "/leader";

  private final ZooKeeperConnection zk;
  private final java.util.function.Supplier<String> self;
  private final ExecutorService events =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "maintd-leadership");
            t.setDaemon(true);
            return t;
          });
  private volatile Listener listener;
  private volatile LeaderLatch latch;

  /** Stands for election as {@code self}, this daemon's URL (known once its API listens). */
  public ZooKeeperElection(
      ZooKeeperConnection zk, java.util.function.Supplier<String> self, Clock clock) {
    super("leadership", clock);
    this.zk = zk;
    this.self = self;
  }

  @Override
  public void listen(Listener l) {
    this.listener = l;
  }

  @Override
  protected void startUp() {
    events.submit(this::stand);
  }

  private void stand() {
    LeaderLatch l =
        new LeaderLatch(zk.client(), LATCH, self.get(), LeaderLatch.CloseMode.NOTIFY_LEADER);
    l.addListener(
        new LeaderLatchListener() {
          @Override
          public void isLeader() {
            if (latch == l) {
              log.info("elected leader ({})", self.get());
              listener.elected();
            }
          }

          @Override
          public void notLeader() {
            if (latch == l) {
              listener.deposed("leadership lost (ZooKeeper session lost or ended)");
            }
          }
        },
        events);
    latch = l;
    try {
      l.start();
    } catch (Exception e) {
      failed(e);
    }
  }

  @Override
  public boolean leads() {
    LeaderLatch l = latch;
    return l != null && l.hasLeadership();
  }

  @Override
  public String leaderUrl() {
    LeaderLatch l = latch;
    if (l == null) {
      return "";
    }
    try {
      return l.getLeader().isLeader() ? l.getLeader().getId() : "";
    } catch (Exception e) {
      return "";
    }
  }

  @Override
  public void rejoin() {
    events.submit(
        () -> {
          LeaderLatch old = latch;
          boolean led = old != null && old.hasLeadership();
          latch = null;
          closeQuietly(old);
          if (led) {
            listener.deposed("gave up leadership to stand again after a failure");
          }
          if (state() == org.maintd.daemon.service.PartState.RUNNING) {
            stand();
          }
        });
  }

  private static void closeQuietly(LeaderLatch l) {
    if (l == null) {
      return;
    }
    try {
      l.close();
    } catch (IOException | IllegalStateException e) {
      log.debug("closing the leader latch: {}", e.getMessage());
    }
  }

  @Override
  protected void shutDown() {
    LeaderLatch l = latch;
    latch = null;
    closeQuietly(l);
    events.shutdown();
  }

  @Override
  protected String detail() {
    String leader = leaderUrl();
    return (leads() ? "leads" : "standby") + (leader.isEmpty() ? "" : "; leader: " + leader);
  }
}
