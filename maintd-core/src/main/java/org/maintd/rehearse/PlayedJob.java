package org.maintd.rehearse;

import java.time.Duration;
import java.time.Instant;
import org.maintd.job.JobSpec;

/**
 * A job the rehearsal's cluster ran: its number there, the round that submitted it (0: a command's
 * own job, outside a round), what it is, when it was submitted and when it ended, and how (a status
 * as Ganeti names it, and its message). Immutable.
 */
public record PlayedJob(
    String id,
    long round,
    JobSpec spec,
    Instant submitted,
    Instant ended,
    String status,
    String message) {
  /** How long it ran. */
  public Duration took() {
    return Duration.between(submitted, ended);
  }
}
