/** Repair requests from the daemon to a collector, and their results. */
package org.maintd.protocol.repair;
