package org.maintd.daemon.runner;

import java.util.List;
import java.util.Optional;
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
 * with its first result. The jobs {@code nodeCommands} takes go to the collectors; without it
 * (empty), every reboot and fail-over goes to the backend. Thread-safe.
 */
public record JobRouter(
    ClusterBackend backend, RepairJobs repairs, Optional<NodeCommandJobs> nodeCommands) {
  /** A router that sends no reboot or fail-over to the collectors. */
  public JobRouter(ClusterBackend backend, RepairJobs repairs) {
    this(backend, repairs, Optional.empty());
  }

  /** The collectors' node commands, when they take {@code job}. */
  private Optional<NodeCommandJobs> byCollector(JobSpec job) {
    return nodeCommands.filter(n -> n.takes(job));
  }

  public String submit(JobSpec job) {
    if (job.isRepair()) {
      return repairs.submit(job);
    }
    return byCollector(job).map(n -> n.submit(job)).orElseGet(() -> backend.submit(job));
  }

  /**
   * The state of job {@code id}; one its runner (a collector) no longer knows is submitted again
   * from {@code spec}, when there is one to submit.
   */
  public JobState job(String id, Optional<JobSpec> spec) {
    Optional<NodeCommandJobs> owner = nodeCommands.filter(n -> NodeCommandJobs.owns(id));
    if (owner.isPresent()) {
      JobState state = owner.get().job(id);
      if (state.status() == JobStatus.UNKNOWN && spec.isPresent()) {
        owner.get().resubmit(spec.get());
        return owner.get().job(id);
      }
      return state;
    }
    if (!RepairJobs.owns(id)) {
      return backend.job(id);
    }
    JobState state = repairs.job(id);
    if (state.status() == JobStatus.UNKNOWN && spec.isPresent()) {
      repairs.submit(spec.get());
      return repairs.job(id);
    }
    return state;
  }

  /** Jobs already submitted for {@code job}, found by its key in the reason trail. */
  public List<String> find(JobSpec job) {
    return job.isRepair() || byCollector(job).isPresent()
        ? List.of()
        : backend.findJobs("[" + job.key() + "]");
  }
}
