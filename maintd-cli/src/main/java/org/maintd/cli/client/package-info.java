/** The HTTP client maintctl talks to the daemon with; signs changes with the cluster key. */
package org.maintd.cli.client;
