package org.maintd.health;

import java.util.Collections;
import java.util.List;
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

  /**
   * This health with every record's times {@code step} later (a step of the wall clock): a restart
   * retried after its interval of real time, a record forgotten after its expiry of real time.
   */
  public InstanceHealth movedBy(java.time.Duration step) {
    Map<String, HealthRecord> moved = new TreeMap<>();
    instances.forEach((name, r) -> moved.put(name, r.movedBy(step)));
    return new InstanceHealth(moved, bootIds, pendingDisks);
  }

  /** What a record can say, as metrics label it. */
  public static final List<String> STATES =
      List.of("restarting", "gave_up", "cleaning_up", "disks_activated");

  public HealthRecord of(String instance) {
    return instances.getOrDefault(instance, HealthRecord.EMPTY);
  }

  /** How many instances' records say {@code state} (one of {@link #STATES}). */
  public long count(String state) {
    return instances.values().stream().filter(r -> says(r, state)).count();
  }

  private static boolean says(HealthRecord r, String state) {
    return switch (state) {
      case "restarting" -> r.restarts().any() && r.gaveUp().isEmpty();
      case "gave_up" -> r.gaveUp().isPresent();
      case "cleaning_up" -> r.cleanups().any();
      case "disks_activated" -> r.disksActivated().isPresent();
      default -> throw new IllegalArgumentException("no instance health state '" + state + "'");
    };
  }
}
