/**
 * The faults the daemon sees around it: a cluster that does not answer or answers wrong, collectors
 * out of reach, a state it cannot write, a clock that jumped. {@link Faults} is the one register:
 * each fault is raised and cleared where it is found, logged once per change, listed in {@code
 * /1/health} and counted in the metrics.
 */
package org.maintd.daemon.faults;
