package org.maintd.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One round of instance health as it is decided: its input, and what the duties write into it, the
 * records by instance (those still current when the round starts), the duties, the notes and the
 * lines for the log, in the order they are decided. What {@link RunStateDuties} and {@link
 * DiskDuties} both work on. Not thread-safe: one per plan.
 */
record HealthRound(
    HealthInput in,
    Map<String, HealthRecord> records,
    List<Duty> duties,
    List<HealthNote> notes,
    List<HealthPlan.HealthEvent> events) {

  /** A round on {@code in} starting from {@code records}, nothing decided yet. */
  static HealthRound of(HealthInput in, Map<String, HealthRecord> records) {
    return new HealthRound(in, records, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
  }

  /**
   * The plan of the round: its duties, notes and events, and to keep, the records that still say
   * something, the nodes' boot ids and the instances whose disks wait.
   */
  HealthPlan plan(Map<String, String> bootIds, Map<String, String> pendingDisks) {
    records.values().removeIf(HealthRecord::isEmpty);
    return new HealthPlan(
        duties, notes, events, new InstanceHealth(records, bootIds, pendingDisks));
  }
}
