/**
 * The alert interlock's reading of Prometheus: the instant query {@code ALERTS} over HTTP, its
 * answer turned into an {@link org.maintd.guard.AlertState} (anything but a vector of alerts is an
 * unknown state with the reason), asked on the interlock's own schedule by a part of the daemon
 * that keeps the last answer for the rounds and the metrics, and logs each change once. Which
 * alerts hold planned work, and how old an answer may be, is core's to decide ({@code
 * org.maintd.guard}).
 */
package org.maintd.daemon.alerts;
