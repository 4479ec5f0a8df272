package org.maintd.daemon.backend.sim;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Where a simulated cluster keeps what it is: its state, each node's boot id, and the node the
 * simulated nodes read as their master. In files that survive restarts ({@link SimFiles}), or in
 * memory for a cluster that lives as long as one rehearsal ({@link SimMemory}). Not thread-safe:
 * its {@link SimBackend} calls it under its own lock.
 */
interface SimStore {
  /**
   * Runs {@code call}, after {@code reload} has been given the state as stored when another daemon
   * has changed it since (only where several daemons share it).
   */
  <T> T shared(Consumer<SimState> reload, Supplier<T> call);

  /** Whether a state is stored. */
  boolean stored();

  SimState read();

  void write(SimState state);

  /** Gives {@code node} a boot id unless it has one. */
  void ensureBootId(String node);

  /** A new boot id for {@code node}: it booted. */
  void writeBootId(String node);

  /** {@code node} is the master, as the simulated nodes read it. */
  void writeMaster(String node);
}
