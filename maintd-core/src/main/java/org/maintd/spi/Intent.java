package org.maintd.spi;

import org.maintd.job.JobSpec;

/**
 * A planned job, persisted before submission. {@code jobId} is empty until the backend has accepted
 * the job; an intent without a job id is resolved through the reason trail after a crash, so that
 * no job is ever submitted twice.
 */
public record Intent(JobSpec job, String jobId) {
  public Intent {
    jobId = jobId == null ? "" : jobId;
  }

  public boolean submitted() {
    return !jobId.isEmpty();
  }

  public Intent withJobId(String id) {
    return new Intent(job, id);
  }
}
