package org.maintd.daemon.repair;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
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
 * process has forgotten it) is safe and gives the same outcome. A collector that answers that it
 * did not run the command now ({@link CollectorWaits}: its results cannot be written) leaves the
 * job running, with why, and is asked again when the job is next looked at, a second later at the
 * soonest (a request signed again within the same second is the same message, a replay); the log
 * says it once when the job begins to wait and once when the collector takes it, and {@code
 * COLLECTOR_DISK_FULL} lasts while a collector's results cannot be written. Thread-safe.
 */
public final class RepairJobs {
  private static final Logger log = LoggerFactory.getLogger(RepairJobs.class);
  public static final String PREFIX = "repair:";

  private final RepairTransport client;
  private final Executor executor;
  private static final long ASK_AGAIN_AFTER_NANOS = 1_000_000_000L;

  private final Map<String, JobState> states = new ConcurrentHashMap<>();
  private final Map<String, Waiting> waiting = new ConcurrentHashMap<>();
  private final Map<String, CollectorWaits> refusing = new ConcurrentHashMap<>();
  private final Faults faults;

  /** A repair its collector did not run yet: what to ask again, and when it answered so. */
  private record Waiting(Operation.RunRepair op, long answeredNanos) {}

  public RepairJobs(RepairTransport client, Executor executor) {
    this(client, executor, new Faults(java.time.Clock.systemUTC()));
  }

  /**
   * The same, the collectors whose results cannot be written told to {@code faults} as {@link
   * FaultKind#COLLECTOR_DISK_FULL} while a repair waits for one.
   */
  public RepairJobs(RepairTransport client, Executor executor, Faults faults) {
    this.client = client;
    this.executor = executor;
    this.faults = faults;
  }

  /** {@code COLLECTOR_DISK_FULL} raised with what the waiting collectors said, or cleared. */
  private void tellFaults() {
    java.util.List<String> said =
        refusing.values().stream()
            .filter(CollectorWaits::diskRefuses)
            .map(CollectorWaits::getMessage)
            .sorted()
            .toList();
    faults.set(FaultKind.COLLECTOR_DISK_FULL, !said.isEmpty(), String.join("; ", said));
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

  /**
   * The job's state; {@code UNKNOWN} when this process never ran it (e.g. after a restart). A job
   * its collector did not run yet is asked for again.
   */
  public JobState job(String id) {
    Waiting w = waiting.get(id);
    if (w != null
        && System.nanoTime() - w.answeredNanos() >= ASK_AGAIN_AFTER_NANOS
        && waiting.remove(id, w)) {
      executor.execute(() -> states.put(id, run(id, w.op())));
    }
    return states.getOrDefault(
        id, new JobState(id, JobStatus.UNKNOWN, "repair job not known to this process"));
  }

  private JobState run(String id, Operation.RunRepair op) {
    RepairRequest request =
        new RepairRequest(UUID.fromString(op.incident()), op.node(), op.command(), op.original());
    try {
      RepairResult r = client.run(request);
      if (refusing.remove(id) != null) {
        log.info(
            "[incident={}] [job={}] the collector of {} takes it now",
            op.incident(),
            id,
            op.node());
        tellFaults();
      }
      String text =
          "repair command "
              + op.command()
              + (r.error() != null ? ": " + r.error() : " exited with " + r.exitCode())
              + (r.output().isBlank() ? "" : ": " + r.output().strip());
      log.info("[incident={}] [job={}] {}", op.incident(), id, text);
      return new JobState(id, r.succeeded() ? JobStatus.SUCCESS : JobStatus.ERROR, text);
    } catch (CollectorWaits e) {
      if (refusing.put(id, e) == null) {
        log.warn(
            "[incident={}] [job={}] {}; asked again at every poll",
            op.incident(),
            id,
            e.getMessage());
      }
      tellFaults();
      waiting.put(id, new Waiting(op, System.nanoTime()));
      return new JobState(id, JobStatus.RUNNING, e.getMessage() + "; asked again at the next poll");
    } catch (Exception e) {
      if (refusing.remove(id) != null) {
        tellFaults();
      }
      log.warn("[incident={}] [job={}] repair request failed: {}", op.incident(), id, e.toString());
      return new JobState(
          id, JobStatus.ERROR, "repair request to " + op.node() + " failed: " + e.getMessage());
    }
  }
}
