/**
 * Who leads: the daemon that runs only on the cluster's master (the start-up check and the nodes'
 * vote, asked or skipped as its {@link org.maintd.daemon.leader.Vote} says, and the check before
 * every tick that the master role has not moved away), the {@link
 * org.maintd.daemon.leader.Election} a daemon that does not start as the leader waits on, and
 * {@code leadership: standby}'s watch of the master role. ZooKeeper's election is in {@code
 * daemon.zookeeper}.
 */
package org.maintd.daemon.leader;
