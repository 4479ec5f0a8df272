/**
 * Cluster backends as plug-ins ({@link org.maintd.daemon.backend.BackendPlugin}): {@code sim}, a
 * simulated cluster, and {@code ganeti}, Ganeti's RAPI, each in its own package and known only to
 * the daemon's wiring.
 */
package org.maintd.daemon.backend;
