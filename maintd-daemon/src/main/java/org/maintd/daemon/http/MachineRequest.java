package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.machine.MachineException;

/**
 * Reads the body of {@code POST /1/machines/up} (and later {@code down}): Mesos' list of machine
 * ids, {@code [{"hostname": "node3", "ip": "10.0.0.3"}]}, the IP optional. Unknown fields, empty
 * lists and hostnames that are not non-empty strings are refused, naming the entry.
 */
final class MachineRequest {
  private static final Set<String> FIELDS = Set.of("hostname", "ip");

  private MachineRequest() {}

  static List<String> hostnames(Object body) {
    if (!(body instanceof List<?> list) || list.isEmpty()) {
      throw bad("the body must be a non-empty JSON list of machine ids such as [{\"hostname\": \"node3\"}]");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(hostname(i, list.get(i)));
    }
    return out;
  }

  private static String hostname(int index, Object entry) {
    if (!(entry instanceof Map<?, ?> m)) {
      throw bad("machine " + index + " must be an object with a 'hostname', not " + entry);
    }
    for (Object key : m.keySet()) {
      if (!FIELDS.contains(String.valueOf(key))) {
        throw bad("machine " + index + ": unknown field '" + key + "'; known: [hostname, ip]");
      }
    }
    if (!(m.get("hostname") instanceof String h) || h.isBlank()) {
      throw bad("machine " + index + ": 'hostname' must be a non-empty string");
    }
    if (m.containsKey("ip") && !(m.get("ip") instanceof String)) {
      throw bad("machine " + index + ": 'ip' must be a string");
    }
    return h;
  }

  private static MachineException bad(String message) {
    return new MachineException(MachineException.Kind.BAD_REQUEST, message);
  }
}
