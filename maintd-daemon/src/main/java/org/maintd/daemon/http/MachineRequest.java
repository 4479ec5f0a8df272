package org.maintd.daemon.http;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.api.MachineId;
import org.maintd.protocol.api.RequestBodies;
import org.maintd.protocol.api.ScheduleBody;
import org.maintd.protocol.text.ClientText;

/**
 * Reads the body of {@code POST /1/machines/up} (and later {@code down}): Mesos' list of machine
 * ids, {@code [{"hostname": "node3", "ip": "10.0.0.3"}]}, the IP optional. Unknown fields, empty
 * lists or lists of more than a schedule's machines, and hostnames that are not non-empty strings
 * of a hostname's alphabet are refused (an {@link IllegalArgumentException}: 400), naming the
 * entry.
 */
final class MachineRequest {
  private static final TypeReference<List<MachineId>> MACHINES = new TypeReference<>() {};

  private MachineRequest() {}

  static List<String> hostnames(String body) {
    List<MachineId> ids;
    try {
      ids = RequestBodies.bind(body, MACHINES);
    } catch (IllegalArgumentException e) {
      throw bad(
          e.getMessage()
              + " (the body is a list of machine ids such as [{\"hostname\": \"node3\"}])");
    }
    if (ids == null || ids.isEmpty()) {
      throw bad(
          "the body must be a non-empty JSON list of machine ids such as [{\"hostname\": \"node3\"}]");
    }
    ClientText.count("machines", ids.size(), ScheduleBody.MAX_MACHINES);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      MachineId id = ids.get(i);
      if (id == null || id.hostname() == null || id.hostname().isBlank()) {
        throw bad("machine " + i + ": 'hostname' must be a non-empty string");
      }
      out.add(ClientText.HOSTNAME.check("[" + i + "].hostname", id.hostname()));
    }
    return out;
  }

  private static IllegalArgumentException bad(String message) {
    return new IllegalArgumentException(message);
  }
}
