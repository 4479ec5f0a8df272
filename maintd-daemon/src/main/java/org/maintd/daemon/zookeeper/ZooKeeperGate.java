package org.maintd.daemon.zookeeper;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.runner.Gate;

/**
 * When a leader whose state lives in ZooKeeper may act: it still leads (holds the election, or acts
 * for the master), its connection is up, and the state is still the version it wrote last, checked
 * at every tick and again before each change of the cluster through a ZooKeeper transaction (so
 * that a leader fenced off by a new one, or whose state something else rewrote, stops within a tick
 * and changes nothing). A check that fails because the connection is suspended waits, up to the
 * session timeout, for the connection to come back in the same session (then it goes on) or for the
 * session to be lost (then leadership ends); nothing is changed meanwhile. {@code leads} says
 * whether this daemon leads, given the cluster; {@code stillLeads}, right before a change; {@code
 * patience}: how long a change waits for a suspended connection (the session timeout). Thread-safe.
 */
public record ZooKeeperGate(
    ZooKeeperConnection zk,
    ZooKeeperStateStore store,
    Duration patience,
    Gate leads,
    BooleanSupplier stillLeads)
    implements Gate {

  /** The gate of a leader {@code election} elected. */
  public static ZooKeeperGate elected(
      ZooKeeperConnection zk, ZooKeeperStateStore store, Duration patience, Election election) {
    return new ZooKeeperGate(zk, store, patience, cluster -> election.leads(), election::leads);
  }

  @Override
  public boolean mayAct(Cluster cluster) {
    if (!zk.usable() || !leads.mayAct(cluster)) {
      return false;
    }
    try {
      store.fence();
      return true;
    } catch (ZooKeeperStateStore.Unavailable e) {
      return false;
    }
  }

  @Override
  public void beforeChange() {
    for (int attempt = 0; ; attempt++) {
      if (!stillLeads.getAsBoolean()) {
        throw new ZooKeeperStateStore.Fenced("leadership ended: nothing more is submitted");
      }
      try {
        if (zk.usable()) {
          store.fence();
          return;
        }
      } catch (ZooKeeperStateStore.Unavailable e) {
        if (attempt > 0) {
          throw e;
        }
      }
      if (!zk.awaitUsable(patience)) {
        throw new ZooKeeperStateStore.Unavailable(
            "the ZooKeeper connection did not come back within "
                + patience.toMillis()
                + " ms: nothing is submitted",
            null);
      }
    }
  }
}
