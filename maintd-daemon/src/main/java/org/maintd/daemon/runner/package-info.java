/**
 * The thin shell around core's pure round step: gathers a tick's inputs (snapshot, poll, jobs'
 * status), takes the step, stores the state once if it changed, carries out the effects and feeds
 * their outcomes into the next step; queues operator commands and answers them after their step;
 * publishes an immutable view for readers. Decides nothing itself.
 */
package org.maintd.daemon.runner;
