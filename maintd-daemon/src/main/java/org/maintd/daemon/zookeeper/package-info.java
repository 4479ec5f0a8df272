/**
 * ZooKeeper, through Apache Curator: the connection as a part of the daemon ({@link
 * org.maintd.daemon.zookeeper.ZooKeeperConnection}, which says when submissions must stop), the
 * state in znodes with every write a versioned compare-and-set ({@link
 * org.maintd.daemon.zookeeper.ZooKeeperStateStore}; what ZooKeeper's failures mean to it, {@code
 * ZooKeeperFailures}), and the election of one leader among the daemons of the master candidates
 * ({@link org.maintd.daemon.zookeeper.ZooKeeperElection}); an operator's import, which keeps what
 * it replaces in the state directory before it writes over it ({@link
 * org.maintd.daemon.zookeeper.StateImport}). TLS to ZooKeeper, and what keeps it from working, is
 * {@code zookeeper.tls}'s.
 */
package org.maintd.daemon.zookeeper;
