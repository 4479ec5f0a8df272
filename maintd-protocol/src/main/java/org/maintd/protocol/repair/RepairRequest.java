package org.maintd.protocol.repair;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.maintd.protocol.api.RequestBodies;

/**
 * A request from the daemon to a node's collector to run a repair command for an incident: the
 * incident, the node it is meant for, the command's name and the diagnose object it gets on stdin.
 * Travels signed.
 */
public record RepairRequest(
    UUID incident, String node, String command, Map<String, Object> original) {
  public RepairRequest {
    if (incident == null || node == null || command == null || original == null) {
      throw new IllegalArgumentException(
          "a repair request needs 'incident', 'node', 'command' and 'original'");
    }
    original =
        Collections.unmodifiableMap(new LinkedHashMap<>(original)); // the order it was written in
  }

  /** The request in {@code json}; {@link IllegalArgumentException} naming what is wrong. */
  public static RepairRequest read(String json) {
    return RequestBodies.bind(json, RepairRequest.class);
  }
}
