/**
 * Safety limits on automatic action: how many nodes may be out of service at once per group and per
 * failure domain ({@link org.maintd.safety.UnavailabilityLedger}), and the storm guard that pauses
 * everything when too many nodes report faults at once ({@link org.maintd.safety.StormGuard}).
 */
package org.maintd.safety;
