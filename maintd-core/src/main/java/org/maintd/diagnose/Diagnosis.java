package org.maintd.diagnose;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A diagnose object that asks for an action. {@code original} is the whole object the command
 * printed (parsed JSON: maps, lists, strings, numbers, booleans, null); together with the node it
 * is the incident's identity, compared as a JSON value so that key order does not matter.
 */
public record Diagnosis(
    DiagnoseStatus status, Optional<String> command, Map<String, Object> original) {
  public Diagnosis {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(command, "command");
    original = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(original));
  }
}
