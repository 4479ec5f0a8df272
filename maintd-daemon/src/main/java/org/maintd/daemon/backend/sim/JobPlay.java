package org.maintd.daemon.backend.sim;

import java.util.Optional;
import java.util.function.BiFunction;
import org.maintd.cluster.Cluster;
import org.maintd.job.Operation;
import org.maintd.jobtime.OperationTimes;

/**
 * How the simulated cluster plays jobs: how long each takes ({@code times}), and which operations
 * it refuses, and why, as the cluster it stands for in a rehearsal would ({@code refusals}: a job
 * with one fails at that operation). Immutable.
 */
public record JobPlay(
    OperationTimes times, BiFunction<Operation, Cluster, Optional<String>> refusals) {
  /** The settings' times, and no operation refused beyond what Ganeti's checks refuse. */
  public static JobPlay of(SimSettings settings) {
    return new JobPlay(settings.times(), (op, cluster) -> Optional.empty());
  }
}
