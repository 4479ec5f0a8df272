/**
 * The simulated cluster's controls, as the daemon's API takes and answers them (backend {@code sim}
 * only).
 */
package org.maintd.protocol.sim;
