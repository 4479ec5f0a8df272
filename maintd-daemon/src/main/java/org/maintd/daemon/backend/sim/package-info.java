/**
 * The {@code sim} backend: a simulated cluster with simulated job durations, Ganeti-like checks and
 * failure injection, persisted in the state directory.
 */
package org.maintd.daemon.backend.sim;
