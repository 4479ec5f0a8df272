package org.maintd.jobtime;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One operation the cluster ran to success: its kind (as {@link org.maintd.job.Operation#kind()}
 * names it), the size its time grows with ({@link OperationSize}), when it ended and how long it
 * took. Immutable.
 */
public record PastOperation(String kind, long sizeMiB, Instant ended, Duration took) {
  public PastOperation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(ended, "ended");
    Objects.requireNonNull(took, "took");
    if (sizeMiB < 0) {
      throw new IllegalArgumentException("a " + kind + " of " + sizeMiB + " MiB");
    }
    if (took.isNegative()) {
      throw new IllegalArgumentException("a " + kind + " that took " + took);
    }
  }
}
