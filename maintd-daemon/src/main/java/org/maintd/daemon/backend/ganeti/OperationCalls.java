package org.maintd.daemon.backend.ganeti;

import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.job.Operation;

/**
 * The RAPI request of each of maintd's operations ({@link NodeCalls}, {@link InstanceMoveCalls},
 * {@link InstanceCalls}), and why RAPI has none for the others: it cannot copy an instance's disks
 * to another node, nor fail the master role over. Stateless.
 */
final class OperationCalls {
  private OperationCalls() {}

  /** The RAPI request of {@code op} in {@code cluster}; none when RAPI has none. */
  static Optional<RapiCall> call(Operation op, Cluster cluster) {
    return NodeCalls.call(op)
        .or(() -> InstanceMoveCalls.call(op, cluster))
        .or(() -> InstanceCalls.call(op));
  }

  /** Why {@code op}, which has no RAPI request, cannot be done, as the operator reads it. */
  static String refusal(Operation op) {
    return op.kind()
        + " of "
        + String.join(",", op.instances().isEmpty() ? op.nodes() : op.instances())
        + " cannot be done through Ganeti's RAPI"
        + reason(op);
  }

  private static String reason(Operation op) {
    if (op instanceof Operation.Move) {
      return " (Ganeti's RAPI cannot copy an instance's disks to another node: move it with gnt-instance move, or remove it)";
    }
    if (op instanceof Operation.FailoverMaster f) {
      return " (run gnt-cluster master-failover on " + f.to() + ")";
    }
    return "";
  }
}
