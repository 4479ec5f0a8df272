package org.maintd.daemon.runner;

import java.time.Instant;
import org.maintd.cluster.Cluster;
import org.maintd.round.ConsentPoll;
import org.maintd.spi.MaintdState;

/**
 * Where a tick's consent answers come from: the instances on draining nodes are asked in the
 * background, and each tick takes the answers given since the last one. Implementations must be
 * thread-safe and never block a tick on a command.
 */
@FunctionalInterface
public interface ConsentSource {
  /** No consent command: only the instances' decline tags count. */
  ConsentSource NONE = (state, cluster, now) -> ConsentPoll.none();

  /**
   * The answers given since the last call, and whether anyone is asked; asks, in the background,
   * the instances of {@code state}'s draining machines in {@code cluster} that have no answer, or
   * whose decline asked to be asked again by {@code now}.
   */
  ConsentPoll poll(MaintdState state, Cluster cluster, Instant now);
}
