/** Polling nodes' collectors: URLs, concurrent requests, signature checks, readings. */
package org.maintd.daemon.poll;
