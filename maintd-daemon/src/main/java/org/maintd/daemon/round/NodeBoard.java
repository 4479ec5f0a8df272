package org.maintd.daemon.round;

import java.util.HashMap;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.spi.CollectorReading;

/**
 * The latest snapshot and the latest collector reading per node, as the HTTP API shows them.
 * Written by the round loop, read by anyone. Thread-safe.
 */
public final class NodeBoard {
  private volatile Cluster cluster;
  private volatile Map<String, CollectorReading> readings = Map.of();

  public Cluster cluster() {
    return cluster;
  }

  public Map<String, CollectorReading> readings() {
    return readings;
  }

  /** Mirrors a tag change the daemon made, so that readers see it before the next snapshot. */
  synchronized void tagChanged(String node, String tag, boolean added) {
    Cluster c = cluster;
    if (c != null) {
      cluster = c.withNode(node, n -> added ? n.withTag(tag) : n.withoutTag(tag));
    }
  }

  synchronized void update(Cluster snapshot, Map<String, CollectorReading> latest) {
    Map<String, CollectorReading> merged = new HashMap<>(readings);
    merged.putAll(latest);
    merged.keySet().retainAll(snapshot.nodesByName().keySet());
    this.cluster = snapshot;
    this.readings = Map.copyOf(merged);
  }
}
