package org.maintd.protocol.repair;

import java.util.Map;
import java.util.UUID;

/** A verified request to run a repair command for an incident. */
public record RepairRequest(UUID incident, String node, String command, Map<String, Object> original) {

  /** Reads the request from the verified message's JSON; throws with the field named. */
  public static RepairRequest from(Object parsed) {
    if (!(parsed instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException("repair request is not a JSON object");
    }
    UUID incident;
    try {
      incident = UUID.fromString(String.valueOf(map.get("incident")));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("repair request: 'incident' is not a uuid: " + map.get("incident"));
    }
    if (!(map.get("command") instanceof String command)) {
      throw new IllegalArgumentException("repair request: 'command' is missing or not a string");
    }
    if (!(map.get("node") instanceof String node)) {
      throw new IllegalArgumentException("repair request: 'node' is missing or not a string");
    }
    if (!(map.get("original") instanceof Map<?, ?> original)) {
      throw new IllegalArgumentException("repair request: 'original' is missing or not an object");
    }
    Map<String, Object> copy = new java.util.LinkedHashMap<>();
    original.forEach((k, v) -> copy.put(String.valueOf(k), v));
    return new RepairRequest(incident, node, command, copy);
  }

  public Map<String, Object> toJson() {
    return Map.of("incident", incident.toString(), "node", node, "command", command, "original", original);
  }
}
