package org.maintd.daemon.metrics;

/**
 * Who leads, as the metrics show it: whether this daemon leads and runs, the highest leader epoch
 * it has seen, whether its ZooKeeper connection is up (null without ZooKeeper), how long since a
 * leader was last known (0 while one is), and, on a standby, how many seconds ago it last read the
 * stored state (null on the leader, or before the first read).
 */
public record HaStatus(
    boolean leader,
    long epoch,
    Boolean zookeeperConnected,
    double secondsSinceLeaderKnown,
    Double stateAgeSeconds) {}
