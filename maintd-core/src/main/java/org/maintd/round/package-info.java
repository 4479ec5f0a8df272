/**
 * The round as a pure step: {@code step(state, inputs, now) -> (state', effects)}. Inputs are
 * values (the cluster's snapshot, the collectors' readings, the status of the jobs waited for, what
 * the previous effects gave, operator commands); effects are a closed set (submit a job with its
 * intent key, change tags) that the daemon carries out after storing the new state. Every decision
 * of the daemon is taken here: the incident lifecycle, harep, balancing, the safety caps, the storm
 * guard, campaigns, operator commands. Same inputs, same outputs; no clock, no randomness but the
 * uuids it is given, no I/O.
 */
package org.maintd.round;
