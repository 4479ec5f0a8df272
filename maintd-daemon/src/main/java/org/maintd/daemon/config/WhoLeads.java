package org.maintd.daemon.config;

import java.time.Duration;

/**
 * Who leads, as {@code leadership} names it, with where the state lives: only a combination that
 * can work can be built (an election through ZooKeeper keeps its state in ZooKeeper).
 */
public sealed interface WhoLeads {

  /** Where the state lives. */
  Store store();

  /**
   * How long a standby may see no leader before it says none leads: ZooKeeper's session timeout, or
   * its default when the state is in a file.
   */
  default Duration noLeaderAfter() {
    return store() instanceof Store.InZooKeeper z
        ? z.zookeeper().sessionTimeout()
        : ZooKeeper.defaults().sessionTimeout();
  }

  /**
   * {@code leadership: master}: the daemon runs only on the cluster's master, and exits with code
   * 11 elsewhere.
   */
  record Master(Store store) implements WhoLeads {}

  /**
   * {@code leadership: standby}: as on the master, but a daemon on another node waits until its
   * node becomes the master.
   */
  record Standby(Store store) implements WhoLeads {}

  /**
   * {@code leadership: zookeeper}: a daemon on every master candidate, one elected through the
   * ZooKeeper that also keeps the state.
   */
  record Elected(ZooKeeper zookeeper) implements WhoLeads {
    @Override
    public Store store() {
      return new Store.InZooKeeper(zookeeper);
    }
  }
}
