package org.maintd.daemon.leader;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code leadership: standby}: the daemon waits on a node that is not the cluster's master, asking
 * the cluster every interval, and leads from the moment its node becomes the master until the role
 * moves away again (Ganeti's convention, without the exit: systemd need not restart it).
 * Thread-safe.
 */
public final class MasterWatch extends ElectionPart {
  private static final Logger log = LoggerFactory.getLogger(MasterWatch.class);

  private final String self;
  private final ClusterBackend backend;
  private final Duration interval;
  private final String urlTemplate;
  private final Vote vote;
  private final ScheduledExecutorService thread =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-leadership"));
  private volatile boolean leads;
  private volatile String master = "";

  /**
   * Watches whether {@code self} is the master of {@code backend}'s cluster every {@code interval};
   * the leader's URL is {@code urlTemplate} with {@code {node}} replaced by the master's name; once
   * the master, it leads only after winning the nodes' {@code vote} (at once when it is skipped).
   */
  public MasterWatch(
      String self,
      ClusterBackend backend,
      Vote vote,
      Duration interval,
      String urlTemplate,
      Clock clock) {
    super(clock);
    this.self = self;
    this.backend = backend;
    this.interval = interval;
    this.urlTemplate = urlTemplate;
    this.vote = vote;
  }

  @Override
  protected void startUp() {
    thread.scheduleWithFixedDelay(this::look, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void look() {
    String now;
    try {
      now = backend.master();
    } catch (BackendException e) {
      log.warn("cannot ask the cluster who the master is: {}", e.getMessage());
      return;
    }
    master = now;
    boolean mine = NodeNames.same(now, self);
    if (mine && !leads) {
      if (!wonTheVote()) {
        return;
      }
      leads = true;
      log.info("this node ({}) is the master now: this daemon leads", self);
      listener().elected();
    } else if (!mine && leads) {
      leads = false;
      listener().deposed("the master role moved to " + now);
    }
  }

  /** Whether this node may lead as the master: it won the nodes' vote, or the vote is skipped. */
  private boolean wonTheVote() {
    if (vote instanceof Vote.Skipped) {
      return true;
    }
    if (!(vote instanceof Vote.Asked asked)) {
      throw new IllegalStateException("no way to take the vote " + vote + " is known");
    }
    MasterVote.Outcome outcome = asked.ask().get();
    if (!outcome.wonBy(self)) {
      log.warn(
          "this node is the master but lost the nodes' vote ({} of {} asked); not leading yet",
          outcome.votes(),
          outcome.asked());
      return false;
    }
    return true;
  }

  @Override
  public boolean leads() {
    return leads;
  }

  @Override
  public String leaderUrl() {
    String m = master;
    return m.isEmpty() ? "" : urlTemplate.replace("{node}", m);
  }

  @Override
  public void rejoin() {
    thread.execute(
        () -> {
          if (leads) {
            leads = false;
            listener().deposed("standing again after a failure");
          }
        });
  }

  @Override
  protected void shutDown() {
    thread.shutdownNow();
  }

  @Override
  protected String detail() {
    return (leads ? "leads: this node is the master" : "standby")
        + (master.isEmpty() ? "" : "; master: " + master);
  }
}
