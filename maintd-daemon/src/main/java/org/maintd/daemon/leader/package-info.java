/**
 * Whether this daemon acts for the cluster's master: the start-up check and the nodes' vote, and
 * the check before every tick that the master role has not moved away.
 */
package org.maintd.daemon.leader;
