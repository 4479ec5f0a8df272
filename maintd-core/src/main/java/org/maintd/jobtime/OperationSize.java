package org.maintd.jobtime;

import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.job.Operation;

/**
 * The size an operation's time grows with: a live migration copies the instance's memory; a move, a
 * new secondary and disks recreated copy its disks; the others copy nothing. Stateless.
 */
public final class OperationSize {
  private OperationSize() {}

  /** The MiB {@code kind} copies of {@code instance}. */
  public static long of(String kind, Instance instance) {
    return switch (kind) {
      case "migrate" -> instance.memory();
      case "move", "replace-secondary", "recreate-disks" -> instance.disk();
      default -> 0;
    };
  }

  /** The MiB {@code op} copies in {@code cluster}; 0 for an instance not in it. */
  public static long of(Operation op, Cluster cluster) {
    return instance(op).flatMap(cluster::instance).map(i -> of(op.kind(), i)).orElse(0L);
  }

  /** The MiB of disk {@code op} copies in {@code cluster}: a move's and a new secondary's. */
  static long copiedDisk(Operation op, Cluster cluster) {
    return op instanceof Operation.Move || op instanceof Operation.ReplaceSecondary
        ? of(op, cluster)
        : 0;
  }

  private static Optional<String> instance(Operation op) {
    return op.instances().size() == 1 ? Optional.of(op.instances().get(0)) : Optional.empty();
  }
}
