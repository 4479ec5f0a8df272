package org.maintd.daemon.zookeeper;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.maintd.daemon.leader.ElectionPart;
import org.maintd.daemon.service.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code leadership: zookeeper}: Curator's leader latch under {@code /leader} among the daemons of
 * the master candidates, each standing with its own URL, so that every daemon can say who leads.
 * Leadership survives a {@code SUSPENDED} connection (the gate stops submissions meanwhile) and
 * ends when the session is {@code LOST}. Who leads is read from ZooKeeper in the background every
 * {@link #LEADER_REFRESH}, so that a caller (the API's health, a standby's refusal) never waits on
 * ZooKeeper; while the connection is down no leader is known. Thread-safe.
 */
public final class ZooKeeperElection extends ElectionPart {
  private static final Logger log = LoggerFactory.getLogger(ZooKeeperElection.class);

  static final String LATCH = "/leader";

  private final ZooKeeperConnection zk;
  private final java.util.function.Supplier<String> self;
  private final ExecutorService events =
      Executors.newSingleThreadExecutor(DaemonThreads.named("maintd-leadership"));
  private final ScheduledExecutorService refresher =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-leader-url"));
  private volatile LeaderLatch latch;
  private volatile String knownLeader = "";
  private volatile boolean aside;
  private volatile java.time.Instant leaderLastKnown;
  private final Clock clock;

  /** How often who leads is read from ZooKeeper. */
  static final Duration LEADER_REFRESH = Duration.ofMillis(500);

  /** Stands for election as {@code self}, this daemon's URL (known once its API listens). */
  public ZooKeeperElection(
      ZooKeeperConnection zk, java.util.function.Supplier<String> self, Clock clock) {
    super(clock);
    this.zk = zk;
    this.self = self;
    this.clock = clock;
  }

  @Override
  protected void startUp() {
    events.submit(this::stand);
    refresher.scheduleWithFixedDelay(
        this::refreshLeader, 0, LEADER_REFRESH.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Reads who leads from the latch's znodes, unless the connection is down. */
  private void refreshLeader() {
    if (!zk.usable()) {
      knownLeader = "";
      return;
    }
    try {
      knownLeader = currentLeader(zk.client());
    } catch (Exception e) {
      knownLeader = "";
    }
    if (!knownLeader.isEmpty()) {
      leaderLastKnown = clock.instant();
    }
  }

  /**
   * The URL of the daemon that leads, as the election's znodes say (the oldest latch), or empty
   * when none stands. Reads ZooKeeper: for a daemon that has not joined the election yet.
   */
  public static String currentLeader(org.apache.curator.framework.CuratorFramework client)
      throws Exception {
    java.util.List<String> latches;
    try {
      latches = client.getChildren().forPath(LATCH);
    } catch (org.apache.zookeeper.KeeperException.NoNodeException e) {
      return "";
    }
    java.util.Optional<String> oldest =
        latches.stream()
            .filter(n -> n.contains("latch-"))
            .min(java.util.Comparator.comparing(n -> n.substring(n.lastIndexOf("latch-"))));
    if (oldest.isEmpty()) {
      return "";
    }
    try {
      return new String(
          client.getData().forPath(LATCH + "/" + oldest.get()),
          java.nio.charset.StandardCharsets.UTF_8);
    } catch (org.apache.zookeeper.KeeperException.NoNodeException e) {
      return ""; // it left meanwhile; read again at the next refresh
    }
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
              listener().elected();
            }
          }

          @Override
          public void notLeader() {
            if (latch == l) {
              listener().deposed("leadership lost (ZooKeeper session lost or ended)");
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

  /** Only while ZooKeeper answered within the lease: a daemon continued after a pause is not. */
  @Override
  public boolean sure() {
    return zk.usable();
  }

  /** The leader's URL as last read, empty when none is known (and while the connection is down). */
  @Override
  public String leaderUrl() {
    return zk.usable() ? knownLeader : "";
  }

  @Override
  public java.time.Instant leaderLastKnown() {
    return leaderLastKnown;
  }

  @Override
  public boolean standAside() {
    events.submit(
        () -> {
          if (aside) {
            return;
          }
          aside = true;
          LeaderLatch old = latch;
          boolean led = old != null && old.hasLeadership();
          latch = null;
          closeQuietly(old);
          log.info("stands aside from the election until the state is back");
          if (led) {
            listener().deposed("stood aside: it cannot do the leader's work now");
          }
        });
    return true;
  }

  @Override
  public void standAgain() {
    events.submit(
        () -> {
          if (aside && state() == org.maintd.daemon.service.PartState.RUNNING) {
            aside = false;
            log.info("stands for election again");
            stand();
          }
        });
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
            listener().deposed("gave up leadership to stand again after a failure");
          }
          if (!aside && state() == org.maintd.daemon.service.PartState.RUNNING) {
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
    refresher.shutdownNow();
    events.shutdown();
  }

  @Override
  protected String detail() {
    String leader = leaderUrl();
    return (leads() ? "leads" : "standby") + (leader.isEmpty() ? "" : "; leader: " + leader);
  }
}
