package org.maintd.daemon.backend.sim;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A simulated cluster kept in memory only, for as long as one rehearsal plays on it: nothing is
 * written anywhere. A node that boots is counted; its new boot id is made from the count, so that a
 * rehearsal played twice is the same. Not thread-safe: its {@link SimBackend} calls it under its
 * own lock, and one rehearsal reads it.
 */
public final class SimMemory implements SimStore {
  private final Map<String, Integer> boots = new TreeMap<>();
  private String master = "";

  @Override
  public <T> T shared(Consumer<SimState> reload, Supplier<T> call) {
    return call.get();
  }

  @Override
  public boolean stored() {
    return false;
  }

  @Override
  public SimState read() {
    throw new IllegalStateException("a simulated cluster in memory has no stored state to read");
  }

  @Override
  public void write(SimState state) {
    // kept by its backend, in memory; nothing to write
  }

  @Override
  public void ensureBootId(String node) {
    // a node keeps the boot id its collector last reported until it boots in the rehearsal
  }

  @Override
  public void writeBootId(String node) {
    boots.merge(node, 1, Integer::sum);
  }

  @Override
  public void writeMaster(String node) {
    master = node;
  }

  /**
   * The boot id {@code node} came back with from its last boot here; empty when it did not boot.
   */
  public Optional<String> bootId(String node) {
    return Optional.ofNullable(boots.get(node)).map(n -> "rehearsed-" + node + "-" + n);
  }

  /** The node the simulated nodes read as their master; empty until a fail-over. */
  public String master() {
    return master;
  }
}
