package org.maintd.machine;

import org.maintd.cluster.Node;

/**
 * A machine's mode as Mesos names them: {@code UP} in service, {@code DRAIN} drained (no new
 * instances, its own being moved away), {@code DOWN} out of service (offline).
 */
public enum MachineMode {
  UP,
  DRAIN,
  DOWN;

  /** The mode a node's flags show. */
  public static MachineMode of(Node node) {
    return node.offline() ? DOWN : node.drained() ? DRAIN : UP;
  }

  public static MachineMode parse(String text) {
    for (MachineMode m : values()) {
      if (m.name().equals(text)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown machine mode '" + text + "' (UP, DRAIN or DOWN)");
  }
}
