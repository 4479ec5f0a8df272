package org.maintd.recovery;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A repair a node's collector started for an incident: the command, the diagnose object it was
 * given, and whether it succeeded (empty: its outcome was not recorded).
 */
public record RepairRecord(
    String node,
    String incident,
    String command,
    Map<String, Object> original,
    Optional<Boolean> succeeded) {
  public RepairRecord {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(incident, "incident");
    original =
        Collections.unmodifiableMap(new LinkedHashMap<>(original)); // the order it was written in
  }
}
