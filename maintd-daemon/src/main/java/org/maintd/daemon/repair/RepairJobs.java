package org.maintd.daemon.repair;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live repairs as jobs: a job id per job key, run in the background (on {@code executor}) through
 * the node's collector. The collector runs a command at most once per incident and answers repeated
 * requests with the first result, so submitting the same job again (after a restart, when this
 * process has forgotten it) is safe and gives the same outcome. Thread-safe.
 */
public final class RepairJobs {
  private static final Logger log = LoggerFactory.getLogger(RepairJobs.class);
  public static final String PREFIX = "repair:";

  private final RepairTransport client;
  private final Executor executor;
  private final Map<String, JobState> states = new ConcurrentHashMap<>();

  public RepairJobs(RepairTransport client, Executor executor) {
    this.client = client;
    this.executor = executor;
  }

  public static boolean owns(String jobId) {
    return jobId.startsWith(PREFIX);
  }

  public static String idOf(JobSpec job) {
    return PREFIX + job.key();
  }

  public String submit(JobSpec job) {
    String id = idOf(job);
    Operation.RunRepair op = (Operation.RunRepair) job.operations().get(0);
    if (states.putIfAbsent(id, new JobState(id, JobStatus.RUNNING, "")) == null) {
      executor.execute(() -> states.put(id, run(id, op)));
    }
    return id;
  }

  /** The job's state; {@code UNKNOWN} when this process never ran it (e.g. after a restart). */
  public JobState job(String id) {
    return states.getOrDefault(
        id, new JobState(id, JobStatus.UNKNOWN, "repair job not known to this process"));
  }

  private JobState run(String id, Operation.RunRepair op) {
    RepairRequest request =
        new RepairRequest(UUID.fromString(op.incident()), op.node(), op.command(), op.original());
    try {
      RepairResult r = client.run(request);
      String text =
          "repair command "
              + op.command()
              + (r.error() != null ? ": " + r.error() : " exited with " + r.exitCode())
              + (r.output().isBlank() ? "" : ": " + r.output().strip());
      log.info("[incident={}] [job={}] {}", op.incident(), id, text);
      return new JobState(id, r.succeeded() ? JobStatus.SUCCESS : JobStatus.ERROR, text);
    } catch (Exception e) {
      log.warn("[incident={}] [job={}] repair request failed: {}", op.incident(), id, e.toString());
      return new JobState(
          id, JobStatus.ERROR, "repair request to " + op.node() + " failed: " + e.getMessage());
    }
  }
}
