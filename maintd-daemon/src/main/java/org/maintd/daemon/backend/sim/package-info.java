/**
 * The {@code sim} backend: a simulated cluster with simulated job durations, Ganeti-like checks and
 * failure injection, persisted in the state directory. {@link
 * org.maintd.daemon.backend.sim.SimBackend} keeps its state ({@code SimState}, in {@code
 * SimFiles}); {@code SimJobs} takes and shows its jobs, {@code SimTime} ends them ({@code
 * SimJobEnd}) and boots nodes as time passes; {@link org.maintd.daemon.backend.sim.SimOperations}
 * is what each operation does ({@code SimNodeOperations}, {@code SimInstanceMoves}, {@link
 * org.maintd.daemon.backend.sim.SimDisks}, with {@code SimChecks}' checks); {@code SimControl} and
 * {@code SimRoutes} are its controls.
 */
package org.maintd.daemon.backend.sim;
