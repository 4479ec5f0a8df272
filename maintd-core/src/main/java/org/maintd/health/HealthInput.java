package org.maintd.health;

import java.time.Instant;
import java.util.Map;
import org.maintd.cluster.Cluster;

/**
 * What instance health decides on: the snapshot, the stored health, the disks' status, the boot id
 * each node's collector reports now (empty or absent: not known), what the round has taken, and the
 * time.
 */
public record HealthInput(
    Cluster cluster,
    InstanceHealth stored,
    DiskStatus disks,
    Map<String, String> bootIds,
    Busy busy,
    Instant now) {
  public HealthInput {
    bootIds = Map.copyOf(bootIds);
  }
}
