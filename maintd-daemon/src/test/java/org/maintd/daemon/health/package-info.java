/**
 * End-to-end tests of instance health: the daemon with the simulated cluster and real collectors.
 */
package org.maintd.daemon.health;
