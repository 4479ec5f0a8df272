package org.maintd.daemon.runner;

import java.util.List;
import org.maintd.daemon.repair.NodeCommandJobs;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.spi.ClusterBackend;

/**
 * Sends each job where it runs: repair commands, and the reboots and master fail-overs configured
 * so, to the collectors; everything else to the cluster backend. A collector's job this process
 * does not know (it was submitted before a restart) is submitted again, which the collector answers
 * with its first result. The jobs {@code nodeCommands} takes (null: none) go to the collectors.
 * Thread-safe.
 */
public record JobRouter(ClusterBackend backend, RepairJobs repairs, NodeCommandJobs nodeCommands) {
  /** A router that sends no reboot or fail-over to the collectors. */
  public JobRouter(ClusterBackend backend, RepairJobs repairs) {
    this(backend, repairs, null);
  }

  private boolean byCollector(JobSpec job) {
    return nodeCommands != null && nodeCommands.takes(job);
  }

  public String submit(JobSpec job) {
    if (job.isRepair()) {
      return repairs.submit(job);
    }
    return byCollector(job) ? nodeCommands.submit(job) : backend.submit(job);
  }

  public JobState job(String id, JobSpec spec) {
    if (NodeCommandJobs.owns(id) && nodeCommands != null) {
      JobState state = nodeCommands.job(id);
      if (state.status() == JobStatus.UNKNOWN && spec != null) {
        nodeCommands.resubmit(spec);
        return nodeCommands.job(id);
      }
      return state;
    }
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
    return job.isRepair() || byCollector(job) ? List.of() : backend.findJobs("[" + job.key() + "]");
  }
}
