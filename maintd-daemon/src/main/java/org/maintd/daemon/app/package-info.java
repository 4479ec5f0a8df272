/**
 * The daemon process: the object graph built from the configuration in one place, the parts' life,
 * the leader's work taken up and dropped as leadership comes and goes, the entry point, exit codes.
 */
package org.maintd.daemon.app;
