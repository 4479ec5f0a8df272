package org.maintd.plan;

import java.time.Instant;
import java.util.Map;
import org.maintd.health.DiskStatus;
import org.maintd.health.HealthSettings;
import org.maintd.health.InstanceHealth;

/**
 * What the round's instance health is given: its settings (off: it plans nothing), the stored
 * health, the disks' status, the boot id each node's collector reports, and the time.
 */
public record HealthRound(
    HealthSettings settings,
    InstanceHealth stored,
    DiskStatus disks,
    Map<String, String> bootIds,
    Instant now) {
  public HealthRound {
    bootIds = Map.copyOf(bootIds);
  }

  /** Instance health off. */
  public static HealthRound off(Instant now) {
    return new HealthRound(
        HealthSettings.off(), InstanceHealth.empty(), DiskStatus.unknown(), Map.of(), now);
  }
}
