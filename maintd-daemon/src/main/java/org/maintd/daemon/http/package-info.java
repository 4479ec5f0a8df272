/**
 * The daemon's HTTP API: Ganeti-compatible reads answered from the runner's published view,
 * authenticated changes sent to the runner as commands, endpoints a backend adds ({@link
 * org.maintd.daemon.http.RouteSet}), JSON errors. The only place that maps failures to HTTP status
 * codes; it never takes the runner's lock.
 */
package org.maintd.daemon.http;
