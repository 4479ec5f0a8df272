package org.maintd.daemon.backend.sim;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.spi.BackendException;
import org.maintd.spi.JobTrace;

/**
 * The simulated cluster's jobs as the backend takes and shows them: a job received is numbered
 * after the last and runs for its duration (a repair command is refused: collectors run those); its
 * state is looked up by id; jobs are found again by their reason's text. Stateless.
 */
final class SimJobs {
  private SimJobs() {}

  /**
   * {@code state} with {@code job} received at {@code now}, running for {@code duration}, under the
   * number after the last (the new state's {@code lastId}).
   */
  static SimState received(SimState state, JobSpec job, Instant now, Duration duration) {
    for (Operation op : job.operations()) {
      if (op instanceof Operation.RunRepair) {
        throw new BackendException(
            "job " + job.key() + ": repair commands run through collectors, not the cluster");
      }
    }
    String id = Long.toString(state.lastId() + 1);
    SimJob sim = new SimJob(id, job, now, now.plus(duration), JobStatus.RUNNING, "");
    List<SimJob> jobs = new ArrayList<>(state.jobs());
    jobs.add(sim);
    return state.with(state.cluster(), jobs, state.rules(), state.lastId() + 1);
  }

  /** The state of the job {@code id}; {@code UNKNOWN} when the cluster never received it. */
  static JobState stateOf(SimState state, String id) {
    return state.jobs().stream()
        .filter(j -> j.id().equals(id))
        .findFirst()
        .map(j -> new JobState(id, j.status(), j.message()))
        .orElse(new JobState(id, JobStatus.UNKNOWN, "no job " + id + " in the simulated cluster"));
  }

  /** The ids of the jobs whose reason's text contains {@code text}. */
  static List<String> find(SimState state, String text) {
    return state.jobs().stream()
        .filter(j -> j.spec().reason().text().contains(text))
        .map(SimJob::id)
        .toList();
  }

  /** Every job maintd submitted, with its reason and status. */
  static List<JobTrace> traces(SimState state) {
    return state.jobs().stream()
        .filter(j -> j.spec().reason().source().equals(ReasonTrail.SOURCE))
        .map(j -> new JobTrace(j.id(), j.spec().reason().text(), j.status()))
        .toList();
  }
}
