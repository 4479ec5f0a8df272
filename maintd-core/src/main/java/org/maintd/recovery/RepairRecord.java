package org.maintd.recovery;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A repair a node's collector started for an incident: the command, the diagnose object it was
 * given, and whether it succeeded (empty: its outcome was not recorded); or, when the collector
 * cannot read its record, the file and why ({@code unreadable}), with what it could read.
 */
public record RepairRecord(
    String node,
    String incident,
    String command,
    Map<String, Object> original,
    Optional<Boolean> succeeded,
    Optional<String> unreadable) {
  public RepairRecord {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(incident, "incident");
    original =
        Collections.unmodifiableMap(new LinkedHashMap<>(original)); // the order it was written in
  }

  /** A record read whole. */
  public RepairRecord(
      String node,
      String incident,
      String command,
      Map<String, Object> original,
      Optional<Boolean> succeeded) {
    this(node, incident, command, original, succeeded, Optional.empty());
  }
}
