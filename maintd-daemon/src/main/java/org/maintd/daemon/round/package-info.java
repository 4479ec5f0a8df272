/**
 * The round loop: job checks, polling, incident updates, planning and submission with
 * write-ahead intents; operator commands through the same lock; the node board the API reads.
 */
package org.maintd.daemon.round;
