/**
 * The daemon's HTTP API: Ganeti-compatible reads, authenticated changes, the simulated cluster's
 * controls, JSON errors. The only place that maps failures to HTTP status codes.
 */
package org.maintd.daemon.http;
