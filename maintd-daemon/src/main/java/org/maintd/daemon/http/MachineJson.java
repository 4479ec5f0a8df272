package org.maintd.daemon.http;

import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.daemon.round.RoundLoop;

/** The wire form of a machine put back in service: its name, the job, the incidents canceled (forced). */
final class MachineJson {
  private MachineJson() {}

  static Map<String, Object> of(RoundLoop.BroughtUp up) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hostname", up.node());
    m.put("mode", "UP");
    m.put("job", up.job());
    m.put("canceled", up.canceled().stream().map(Object::toString).toList());
    return m;
  }
}
