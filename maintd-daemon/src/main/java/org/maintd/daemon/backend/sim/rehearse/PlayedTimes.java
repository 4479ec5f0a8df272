package org.maintd.daemon.backend.sim.rehearse;

import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.jobtime.OperationTimes;
import org.maintd.spi.BackendException;

/**
 * How long a rehearsal's jobs run: what the cluster's job history teaches, the simulated cluster's
 * settings for the kinds it does not hold; when the history cannot be read, the settings for every
 * kind and why ({@code unread}), so that the rehearsal goes on and says so. Immutable.
 */
record PlayedTimes(OperationTimes times, Optional<String> unread) {
  /** The times of a rehearsal of {@code snapshot} with {@code sim}'s settings. */
  static PlayedTimes read(RealCluster real, SimSettings sim, Cluster snapshot) {
    try {
      return new PlayedTimes(
          OperationTimes.learned(real.history().apply(snapshot), sim.perOperation(), sim.perGiB()),
          Optional.empty());
    } catch (BackendException e) {
      return new PlayedTimes(sim.times(), Optional.of(e.getMessage()));
    }
  }
}
