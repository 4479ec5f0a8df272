package org.maintd.daemon.faults;

import java.time.Duration;
import java.util.Optional;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;

/**
 * How long a job may run before it is overdue: the sum over its operations of each one's limit,
 * {@code quick} for what Ganeti does in seconds (a node's flags, a power action, an instance's
 * start, stop or disk activation), {@code slow} for the rest (moves, disk replacements,
 * reinstalls). A job whose spec is not known gets {@code slow}. Immutable.
 */
public record JobLimits(Duration quick, Duration slow) {
  /** The limit of {@code job}. */
  public Duration of(Optional<JobSpec> job) {
    return job.map(j -> j.operations().stream().map(this::of).reduce(Duration.ZERO, Duration::plus))
        .filter(d -> !d.isZero())
        .orElse(slow);
  }

  /** The limit of one {@code operation}. */
  Duration of(Operation operation) {
    return quick(operation) ? quick : slow;
  }

  private static boolean quick(Operation op) {
    return op instanceof Operation.SetNodeFlags
        || op instanceof Operation.PowerNode
        || op instanceof Operation.RebootNode
        || op instanceof Operation.StartInstance
        || op instanceof Operation.ShutdownInstance
        || op instanceof Operation.ActivateDisks;
  }
}
