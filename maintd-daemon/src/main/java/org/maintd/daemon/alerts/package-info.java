/**
 * The alert interlock's reading of Prometheus: the instant query {@code ALERTS} over HTTP, its
 * answer turned into an {@link org.maintd.guard.AlertState} (anything but a vector of alerts is an
 * unknown state with the reason), each change logged once, and the last reading kept for the
 * metrics. Which alerts hold planned work is core's to decide ({@code org.maintd.guard}).
 */
package org.maintd.daemon.alerts;
