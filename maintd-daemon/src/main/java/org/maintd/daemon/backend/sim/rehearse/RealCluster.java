package org.maintd.daemon.backend.sim.rehearse;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.maintd.cluster.Cluster;
import org.maintd.job.Operation;
import org.maintd.jobtime.PastOperation;
import org.maintd.spi.ClusterBackend;

/**
 * What a rehearsal asks of the cluster it stands for, without changing anything there: its recent
 * operations, sized in the snapshot played ({@code history}, as {@link
 * ClusterBackend#pastOperations}; may throw {@link org.maintd.spi.BackendException}), and why it
 * would refuse an operation whatever the cluster ({@code refusals}, as {@link
 * ClusterBackend#refusal}), so that the rehearsal refuses it too. Immutable; its functions are
 * thread-safe.
 */
public record RealCluster(
    Function<Cluster, List<PastOperation>> history,
    BiFunction<Operation, Cluster, Optional<String>> refusals) {
  /** No history, and no operation refused: the simulated cluster as it is. */
  public static final RealCluster NONE =
      new RealCluster(snapshot -> List.of(), (op, cluster) -> Optional.empty());

  /** The cluster {@code backend} talks to. */
  public static RealCluster of(ClusterBackend backend) {
    return new RealCluster(backend::pastOperations, backend::refusal);
  }

  /** A cluster whose history {@code history} reads, and that refuses nothing. */
  public static RealCluster reading(Function<Cluster, List<PastOperation>> history) {
    return new RealCluster(history, NONE.refusals());
  }
}
