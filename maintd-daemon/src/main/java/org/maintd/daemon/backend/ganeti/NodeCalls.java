package org.maintd.daemon.backend.ganeti;

import static org.maintd.daemon.backend.ganeti.RapiCall.encoded;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.maintd.job.Operation;

/**
 * Node operations through Ganeti's RAPI: a node's flags set with {@code POST
 * /2/nodes/<name>/modify} (only the flags the operation sets), a reboot with {@code POST
 * /2/nodes/<name>/powercycle}. Stateless.
 */
final class NodeCalls {
  private NodeCalls() {}

  /** The RAPI request of a node operation; none when {@code op} is none. */
  static Optional<RapiCall> call(Operation op) {
    if (op instanceof Operation.SetNodeFlags f) {
      Map<String, Object> body = new LinkedHashMap<>();
      f.drained().ifPresent(v -> body.put("drained", v));
      f.offline().ifPresent(v -> body.put("offline", v));
      return Optional.of(new RapiCall("POST", "/2/nodes/" + encoded(f.node()) + "/modify", body));
    }
    if (op instanceof Operation.RebootNode r) {
      return Optional.of(
          new RapiCall("POST", "/2/nodes/" + encoded(r.node()) + "/powercycle", Map.of()));
    }
    return Optional.empty();
  }
}
