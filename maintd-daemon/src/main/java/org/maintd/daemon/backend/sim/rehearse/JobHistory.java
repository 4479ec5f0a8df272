package org.maintd.daemon.backend.sim.rehearse;

import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.jobtime.PastOperation;

/**
 * Where a rehearsal reads the cluster's recent operations from, sized in the snapshot it plays
 * ({@link org.maintd.spi.ClusterBackend#pastOperations}); it may throw {@link
 * org.maintd.spi.BackendException}. Implementations are thread-safe.
 */
@FunctionalInterface
public interface JobHistory {
  /** No history: every kind takes the simulated cluster's times. */
  JobHistory NONE = snapshot -> List.of();

  /** The recent operations, sized in {@code snapshot}. */
  List<PastOperation> read(Cluster snapshot);
}
