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

  /** The record of {@code instance}: its own, or an empty one. */
  HealthRecord record(String instance) {
    return records.getOrDefault(instance, HealthRecord.EMPTY);
  }

  /** Keeps {@code record} as the record of {@code instance}. */
  void keep(String instance, HealthRecord record) {
    records.put(instance, record);
  }

  void duty(Duty duty) {
    duties.add(duty);
  }

  /** Says what the round does with {@code instance}. */
  void does(String instance, String text) {
    notes.add(HealthNote.does(instance, text));
  }

  /** Says why {@code instance} waits. */
  void waits(String instance, String text) {
    notes.add(HealthNote.waits(instance, text));
  }

  /** A line for the log; {@code error} for a give-up. */
  void log(boolean error, String text) {
    events.add(new HealthPlan.HealthEvent(error, text));
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
