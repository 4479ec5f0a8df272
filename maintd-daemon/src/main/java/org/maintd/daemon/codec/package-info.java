/**
 * JSON forms of the daemon's data: incidents in Ganeti's field names, the state file, and a
 * record mapper for job specifications and simulated clusters.
 */
package org.maintd.daemon.codec;
