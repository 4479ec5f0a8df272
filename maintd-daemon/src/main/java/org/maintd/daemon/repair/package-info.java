/**
 * Live repairs: signed requests to collectors, run as jobs of the daemon itself ({@link
 * org.maintd.daemon.repair.RepairJobs}; reboots and master fail-overs by {@link
 * org.maintd.daemon.repair.NodeCommandJobs}, each the {@code NodeCommand} its job names).
 */
package org.maintd.daemon.repair;
