/**
 * Files written whole or not at all (a temporary file, forced to disk, renamed over the old one),
 * for the state store and the simulated cluster.
 */
package org.maintd.daemon.files;
