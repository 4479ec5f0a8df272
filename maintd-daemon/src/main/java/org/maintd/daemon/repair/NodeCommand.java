package org.maintd.daemon.repair;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.protocol.repair.RepairRequest;

/**
 * The command a node's collector runs for a job, as its signed request names it: the node that runs
 * it (the one to reboot, or the new master), the command's configured name, what it is for (the
 * job, the operation and its nodes, in that order), under an id derived from the job's key, so that
 * the collector runs it at most once. Immutable.
 */
record NodeCommand(String node, String command, Map<String, Object> what, UUID requestId) {
  NodeCommand {
    what = Collections.unmodifiableMap(new LinkedHashMap<>(what));
  }

  /** The command of {@code job}, a reboot or a master fail-over, named as {@code routing} says. */
  static NodeCommand of(JobSpec job, NodeCommandJobs.Routing routing) {
    Operation op = job.operations().get(0);
    Map<String, Object> what = new LinkedHashMap<>();
    what.put("maintd", "node-command");
    what.put("job", job.key());
    UUID requestId =
        UUID.nameUUIDFromBytes(
            ("maintd node command " + job.key()).getBytes(StandardCharsets.UTF_8));
    if (op instanceof Operation.RebootNode r) {
      what.put("operation", "reboot");
      what.put("node", r.node());
      return new NodeCommand(r.node(), routing.rebootCommand(), what, requestId);
    }
    if (op instanceof Operation.FailoverMaster f) {
      what.put("operation", "master-failover");
      what.put("from", f.from());
      what.put("to", f.to());
      return new NodeCommand(f.to(), routing.failoverCommand(), what, requestId);
    }
    throw new IllegalArgumentException(
        "job " + job.key() + ": " + op.kind() + " is not run by the nodes' collectors");
  }

  RepairRequest request() {
    return new RepairRequest(requestId, node, command, what);
  }
}
