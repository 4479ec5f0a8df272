package org.maintd.daemon.runner;

import java.util.List;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.spi.ClusterBackend;

/**
 * Sends each job where it runs: repair commands to the collectors, everything else to the cluster
 * backend. A repair job this process does not know (it was submitted before a restart) is submitted
 * again, which the collector answers with its first result. Thread-safe.
 */
public final class JobRouter {
  private final ClusterBackend backend;
  private final RepairJobs repairs;

  public JobRouter(ClusterBackend backend, RepairJobs repairs) {
    this.backend = backend;
    this.repairs = repairs;
  }

  public String submit(JobSpec job) {
    return job.isRepair() ? repairs.submit(job) : backend.submit(job);
  }

  public JobState job(String id, JobSpec spec) {
    if (!RepairJobs.owns(id)) {
      return backend.job(id);
    }
    JobState state = repairs.job(id);
    if (state.status() == JobStatus.UNKNOWN && spec != null) {
      repairs.submit(spec);
      return repairs.job(id);
    }
    return state;
  }

  /** Jobs already submitted for {@code job}, found by its key in the reason trail. */
  public List<String> find(JobSpec job) {
    return job.isRepair() ? List.of() : backend.findJobs("[" + job.key() + "]");
  }
}
