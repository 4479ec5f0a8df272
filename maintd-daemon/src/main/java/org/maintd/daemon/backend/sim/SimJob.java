package org.maintd.daemon.backend.sim;

import java.time.Instant;
import org.maintd.job.JobSpec;
import org.maintd.job.JobStatus;

/** A job the simulated cluster received: when it ends, and how it ended once it has. */
public record SimJob(
    String id, JobSpec spec, Instant submitted, Instant ends, JobStatus status, String message) {
  SimJob finished(JobStatus result, String text) {
    return new SimJob(id, spec, submitted, ends, result, text);
  }
}
