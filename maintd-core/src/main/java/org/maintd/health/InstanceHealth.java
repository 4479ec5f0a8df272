package org.maintd.health;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The instance health maintd stores: a record per instance it acted on (by name, as the watcher
 * keys them), the boot id each node's collector last reported when it was looked at, and the
 * instances whose disks still wait to be activated, each with why (their secondary rebooted, or
 * verify-disks found them offline, while they could not be acted on).
 */
public record InstanceHealth(
    Map<String, HealthRecord> instances,
    Map<String, String> bootIds,
    Map<String, String> pendingDisks) {

  public InstanceHealth {
    instances = Collections.unmodifiableMap(new TreeMap<>(instances));
    bootIds = Collections.unmodifiableMap(new TreeMap<>(bootIds));
    pendingDisks = Collections.unmodifiableMap(new TreeMap<>(pendingDisks));
  }

  public static InstanceHealth empty() {
    return new InstanceHealth(Map.of(), Map.of(), Map.of());
  }

  public HealthRecord of(String instance) {
    return instances.getOrDefault(instance, HealthRecord.EMPTY);
  }
}
