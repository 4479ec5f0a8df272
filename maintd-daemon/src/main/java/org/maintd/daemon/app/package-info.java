/** The daemon process: wiring from configuration, master check and vote, entry point, exit codes. */
package org.maintd.daemon.app;
