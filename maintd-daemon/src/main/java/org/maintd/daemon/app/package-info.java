/**
 * The daemon process: the object graph built from the configuration in one place, the parts' life,
 * the entry point, exit codes.
 */
package org.maintd.daemon.app;
