package org.maintd.daemon.backend.ganeti;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.jobtime.OperationSize;
import org.maintd.jobtime.PastOperation;

/**
 * The operations of the jobs in Ganeti's queue that succeeded, as {@code /2/jobs?bulk=1} shows
 * them, each with the time its job ran ({@code start_ts} to {@code end_ts}) and its size in the
 * cluster: only jobs of one opcode that is one of maintd's operations count (maintd submits one
 * Ganeti job per operation; a node evacuation only hands its work to jobs of their own), whoever
 * submitted them; an instance operation of an instance no longer in the cluster is left out, its
 * size unknown. Stateless.
 */
final class GanetiHistory {
  private GanetiHistory() {}

  /** The past operations of {@code queue} (RAPI's bulk job list), sized in {@code cluster}. */
  static List<PastOperation> of(List<?> queue, Cluster cluster) {
    List<PastOperation> past = new ArrayList<>();
    for (Object o : queue) {
      if (o instanceof Map<?, ?> job && "success".equals(job.get("status"))) {
        past(job, cluster).ifPresent(past::add);
      }
    }
    return past;
  }

  private static Optional<PastOperation> past(Map<?, ?> job, Cluster cluster) {
    if (!(job.get("ops") instanceof List<?> ops && ops.size() == 1)
        || !(ops.get(0) instanceof Map<?, ?> op)) {
      return Optional.empty();
    }
    Optional<Instant> start =
        timestamp(
            op.get("depends") instanceof List<?> d && !d.isEmpty()
                ? job.get("start_ts")
                : job.get("received_ts"));
    Optional<Instant> end = timestamp(job.get("end_ts"));
    if (start.isEmpty() || end.isEmpty() || end.get().isBefore(start.get())) {
      return Optional.empty();
    }
    return kind(op)
        .flatMap(
            kind ->
                size(kind, op, cluster)
                    .map(
                        size ->
                            new PastOperation(
                                kind, size, end.get(), Duration.between(start.get(), end.get()))));
  }

  /** maintd's name of the opcode's operation; none for an opcode maintd does not submit. */
  static Optional<String> kind(Map<?, ?> op) {
    return switch (String.valueOf(op.get("OP_ID"))) {
      case "OP_INSTANCE_MIGRATE" -> unless(op, "cleanup", "migrate");
      case "OP_INSTANCE_FAILOVER" -> Optional.of("failover");
      case "OP_INSTANCE_MOVE" -> Optional.of("move");
      case "OP_INSTANCE_REPLACE_DISKS" ->
          "replace_new_secondary".equals(op.get("mode"))
              ? Optional.of("replace-secondary")
              : Optional.empty();
      case "OP_INSTANCE_RECREATE_DISKS" -> Optional.of("recreate-disks");
      case "OP_INSTANCE_REINSTALL" -> Optional.of("reinstall");
      case "OP_INSTANCE_STARTUP" -> Optional.of("startup");
      case "OP_INSTANCE_SHUTDOWN" -> Optional.of("shutdown");
      case "OP_INSTANCE_ACTIVATE_DISKS" -> Optional.of("activate-disks");
      case "OP_NODE_POWERCYCLE" -> Optional.of("reboot");
      case "OP_NODE_SET_PARAMS" ->
          Optional.of(
              set(op, "offline") ? "offline" : set(op, "drained") ? "drain" : "set-node-flags");
      default -> Optional.empty();
    };
  }

  /** {@code kind} unless the opcode's {@code flag} is set (a migration's clean-up is none). */
  private static Optional<String> unless(Map<?, ?> op, String flag, String kind) {
    return set(op, flag) ? Optional.empty() : Optional.of(kind);
  }

  private static boolean set(Map<?, ?> op, String flag) {
    return Boolean.TRUE.equals(op.get(flag));
  }

  /**
   * The size of an operation of {@code kind}: its instance's in {@code cluster}; 0 for a node's.
   */
  private static Optional<Long> size(String kind, Map<?, ?> op, Cluster cluster) {
    if (!(op.get("instance_name") instanceof String instance)) {
      return Optional.of(0L);
    }
    return cluster.instance(instance).map(i -> OperationSize.of(kind, i));
  }

  /** Ganeti's {@code [seconds, microseconds]}. */
  private static Optional<Instant> timestamp(Object ts) {
    if (ts instanceof List<?> pair
        && pair.size() == 2
        && pair.get(0) instanceof Number s
        && pair.get(1) instanceof Number us) {
      return Optional.of(Instant.ofEpochSecond(s.longValue(), us.longValue() * 1000));
    }
    return Optional.empty();
  }
}
