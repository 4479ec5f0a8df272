package org.maintd.maintenance;

import java.time.Instant;
import java.util.Objects;

/**
 * What happened to a machine outside its plan that its status shows until the next command on it
 * ({@code down}, {@code up}): a job of its own that failed (with the cluster's message), or its
 * node changed by someone else (set online while {@code DOWN}). The latest one per node. A closed
 * set.
 */
public sealed interface MachineNotice {
  /** The node it is about. */
  String node();

  /** What happened, in an operator's words. */
  String message();

  Instant at();

  /** A job of the machine's own failed: its id and what the cluster said. */
  record JobFailed(String node, String job, String message, Instant at) implements MachineNotice {
    public JobFailed {
      Objects.requireNonNull(node, "node");
      Objects.requireNonNull(job, "job");
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(at, "at");
    }
  }

  /** Its node was changed by someone else, and its mode followed. */
  record ChangedByHand(String node, String message, Instant at) implements MachineNotice {
    public ChangedByHand {
      Objects.requireNonNull(node, "node");
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(at, "at");
    }
  }
}
