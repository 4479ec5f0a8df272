/**
 * Rehearsals, played on the simulated cluster whatever the daemon's own backend: {@link
 * org.maintd.daemon.backend.sim.rehearse.Rehearsals} takes the published view (the last snapshot
 * and the state) and one act, and a {@code Play} runs the daemon's own {@link
 * org.maintd.daemon.runner.RoundRunner} and round step on a copy of it: the simulated cluster in
 * memory ({@link org.maintd.daemon.backend.sim.SimMemory}), collectors that answer as they last
 * did, a state store in memory and a clock the play moves. Nothing here reaches the cluster, the
 * collectors or the state the daemon stores; what to decide (when to stop, what the report says) is
 * {@code org.maintd.rehearse}'s.
 */
package org.maintd.daemon.backend.sim.rehearse;
