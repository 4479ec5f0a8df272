package org.maintd.daemon.backend.ganeti;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.maintd.cluster.Cluster;
import org.maintd.job.JobIds;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.jobtime.PastOperation;
import org.maintd.spi.BackendException;
import org.maintd.spi.JobTrace;

/**
 * maintd's jobs in Ganeti: a job of several operations becomes one Ganeti job per operation, each
 * but the first depending on the success of the one before, so that they run in order and stop at
 * the first failure; its id joins theirs with {@code +} ({@link JobIds}). Every request carries the
 * reason trail in {@code ?reason=} ({@code gnt:daemon:maintd}, the owner and the idempotency key),
 * by which jobs are found again. A job with an operation RAPI cannot do is refused at once, as a
 * failed job with the reason ({@link OperationCalls#refusal}). Thread-safe.
 */
final class GanetiJobs {
  /** Prefix of the id of a job refused before reaching Ganeti. */
  static final String REFUSED = "refused:";

  private final RapiClient rapi;
  private final Map<String, String> refused = new ConcurrentHashMap<>();

  GanetiJobs(RapiClient rapi) {
    this.rapi = rapi;
  }

  /** Submits {@code job}, its operations' requests made for {@code cluster}; its id. */
  String submit(JobSpec job, Cluster cluster) {
    List<RapiCall> calls = new ArrayList<>();
    for (Operation op : job.operations()) {
      Optional<RapiCall> call = OperationCalls.call(op, cluster);
      if (call.isEmpty()) {
        String id = REFUSED + job.key();
        refused.put(id, OperationCalls.refusal(op));
        return id;
      }
      calls.add(call.get());
    }
    String reason = ReasonTrail.SOURCE + " " + job.owner() + ": " + job.reason().text();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      RapiCall c = calls.get(i);
      Map<String, Object> body = new LinkedHashMap<>(c.body());
      if (!ids.isEmpty()) {
        body.put(
            "depends",
            List.of(List.of(Long.parseLong(ids.get(ids.size() - 1)), List.of("success"))));
      }
      ids.add(sent(c, body, calls.size() == 1 ? reason : numbered(reason, i + 1, calls.size())));
    }
    return JobIds.of(ids);
  }

  /**
   * {@code reason} naming operation {@code n} of {@code of} before its key, which stays last (as
   * the recovery reads it): {@code ... (operation 1 of 2) [key]}.
   */
  static String numbered(String reason, int n, int of) {
    int key = reason.lastIndexOf(" [");
    int at = key < 0 ? reason.length() : key;
    return reason.substring(0, at) + " (operation " + n + " of " + of + ")" + reason.substring(at);
  }

  /**
   * {@code call} sent with {@code reason}; its job's id. When the answer is lost, the job is looked
   * for by its reason, which names it alone: a job Ganeti took counts as sent, so that the job's
   * next operations are sent too and this one never twice. Without it (or when the queue cannot be
   * read), the failure is thrown.
   */
  private String sent(RapiCall call, Map<String, Object> body, String reason) {
    try {
      return String.valueOf(
          rapi.change(call.method(), call.path(), Map.of("reason", reason), body));
    } catch (BackendException lost) {
      List<Long> found;
      try {
        found = ids(reason);
      } catch (BackendException e) {
        throw lost;
      }
      if (found.size() != 1) {
        throw lost;
      }
      return String.valueOf(found.get(0));
    }
  }

  /** The job's state: that of its first Ganeti job that did not succeed, else the last's. */
  JobState job(String id) {
    if (id.startsWith(REFUSED)) {
      String why = refused.get(id);
      return new JobState(
          id, JobStatus.ERROR, why == null ? "refused before reaching Ganeti" : why);
    }
    JobStatus status = JobStatus.SUCCESS;
    String message = "";
    for (String part : JobIds.each(id)) {
      GanetiJob j = GanetiJob.of(rapi, part);
      if (j.status() == JobStatus.ERROR
          || j.status() == JobStatus.CANCELED
          || j.status() == JobStatus.UNKNOWN) {
        return new JobState(
            id,
            j.status(),
            "Ganeti job " + part + " " + j.status().wireName() + ": " + j.message());
      }
      if (!j.status().isFinished()) {
        status = j.status();
      }
    }
    return new JobState(id, status, message);
  }

  /** The job whose reason trail contains {@code text}: its Ganeti jobs, as one id; none if none. */
  List<String> find(String text) {
    List<Long> found = ids(text);
    return found.isEmpty()
        ? List.of()
        : List.of(JobIds.of(found.stream().map(String::valueOf).toList()));
  }

  /** The ids of the Ganeti jobs whose reason trail contains {@code text}, in order. */
  private List<Long> ids(String text) {
    List<Long> found = new ArrayList<>();
    for (Object o : queue()) {
      if (o instanceof Map<?, ?> job && GanetiJob.reasonContains(job, text)) {
        found.add(((Number) job.get("id")).longValue());
      }
    }
    found.sort(null);
    return found;
  }

  /** Every Ganeti job in the queue that maintd submitted, with its reason and status. */
  List<JobTrace> traces() {
    List<JobTrace> traces = new ArrayList<>();
    for (Object o : queue()) {
      if (o instanceof Map<?, ?> job) {
        GanetiJob.reason(job, ReasonTrail.SOURCE)
            .ifPresent(
                text ->
                    traces.add(
                        new JobTrace(
                            String.valueOf(job.get("id")),
                            text,
                            GanetiJob.status(String.valueOf(job.get("status"))))));
      }
    }
    return traces;
  }

  /** The operations of the queue's jobs that succeeded, sized in {@code cluster}. */
  List<PastOperation> past(Cluster cluster) {
    return GanetiHistory.of(queue(), cluster);
  }

  /** Every job in Ganeti's queue, as RAPI's bulk list answers them. */
  private List<?> queue() {
    if (!(rapi.get("/2/jobs?bulk=1") instanceof List<?> list)) {
      throw new BackendException("RAPI /2/jobs?bulk=1 did not answer a list");
    }
    return list;
  }
}
