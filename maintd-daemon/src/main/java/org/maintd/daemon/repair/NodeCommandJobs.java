package org.maintd.daemon.repair;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.clock.Ticker;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.protocol.repair.RepairResult;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reboots and master fail-overs run by a node's own collector, as jobs: a whitelisted command (its
 * name configured, {@code reboot} and {@code master-failover} by default) sent as a signed request
 * like a repair, under an id derived from the job's key, so that the collector runs it at most once
 * and answers a repeated request with its first result. A reboot the collector refuses (its
 * whitelist, or the command failing) is {@code canceled}: the node did not reboot. A reboot's job
 * succeeds when the command has acknowledged it (the node is back when its collector reports a new
 * boot id: the campaign waits for that), and when its answer was lost, or a reboot sent again after
 * a restart finds the collector down: the node may be rebooting, and its boot id tells; a master
 * fail-over's job succeeds once the cluster names the new master and the nodes' collectors, asked
 * for their vote, agree, or fails after {@code failoverWait}. Thread-safe.
 */
public final class NodeCommandJobs {
  private static final Logger log = LoggerFactory.getLogger(NodeCommandJobs.class);
  public static final String PREFIX = "node:";

  /** Which operations go to the collectors, the commands' names, and the fail-over's wait. */
  public record Routing(
      boolean reboots,
      String rebootCommand,
      boolean failovers,
      String failoverCommand,
      Duration failoverWait) {}

  private final RepairTransport client;
  private final Executor executor;
  private final ClusterBackend backend;
  private final Routing routing;
  private final java.util.function.Predicate<String> votedFor;
  private final Ticker ticker;
  private final Map<String, JobState> states = new ConcurrentHashMap<>();
  private final Map<String, Long> acknowledged = new ConcurrentHashMap<>();
  private final Map<String, String> targets = new ConcurrentHashMap<>();

  /**
   * Jobs sent through {@code client}, in the background on {@code executor}; {@code votedFor} says
   * whether most of the nodes' collectors name a node as the master; a fail-over's wait is measured
   * on the monotonic {@code ticker} (a step of the wall clock neither ends it early nor makes it
   * last longer).
   */
  public NodeCommandJobs(
      RepairTransport client,
      Executor executor,
      ClusterBackend backend,
      Routing routing,
      java.util.function.Predicate<String> votedFor,
      Ticker ticker) {
    this.client = client;
    this.executor = executor;
    this.backend = backend;
    this.routing = routing;
    this.votedFor = votedFor;
    this.ticker = ticker;
  }

  public static boolean owns(String jobId) {
    return jobId.startsWith(PREFIX);
  }

  /**
   * Whether {@code job} is a soft reboot or a master fail-over that the collectors run (a hard
   * reboot always goes to the cluster's power control).
   */
  public boolean takes(JobSpec job) {
    if (job.operations().size() != 1) {
      return false;
    }
    Operation op = job.operations().get(0);
    return (op instanceof Operation.RebootNode r && !r.hard() && routing.reboots())
        || (op instanceof Operation.FailoverMaster && routing.failovers());
  }

  public String submit(JobSpec job) {
    return send(job, false);
  }

  /**
   * {@code job} sent again by a process that has no state of it (it was sent before a restart or a
   * take-over): the collector answers a repeated request with its first result, and a reboot whose
   * collector cannot be reached now may be the very reboot the first request started.
   */
  public String resubmit(JobSpec job) {
    return send(job, true);
  }

  private String send(JobSpec job, boolean again) {
    String id = PREFIX + job.key();
    if (states.putIfAbsent(id, new JobState(id, JobStatus.RUNNING, "sent to the collector"))
        == null) {
      executor.execute(() -> states.put(id, run(id, job, again)));
    }
    return id;
  }

  /** The job's state; {@code UNKNOWN} when this process never sent it (e.g. after a restart). */
  public JobState job(String id) {
    JobState s =
        states.getOrDefault(
            id, new JobState(id, JobStatus.UNKNOWN, "node command not known to this process"));
    Long since = acknowledged.get(id);
    if (since == null || s.status() != JobStatus.RUNNING) {
      return s;
    }
    return masterMoved(id, since);
  }

  /** A fail-over the command acknowledged: done once the cluster names the new master. */
  private JobState masterMoved(String id, long since) {
    String to = targets.getOrDefault(id, "");
    String master;
    try {
      master = backend.master();
    } catch (BackendException e) {
      master = "";
    }
    boolean named = NodeNames.same(master, to);
    if (named && votedFor.test(to)) {
      acknowledged.remove(id);
      JobState done =
          new JobState(
              id, JobStatus.SUCCESS, "the cluster and the nodes' votes name " + to + " master");
      states.put(id, done);
      return done;
    }
    if (ticker.nanos() - since > routing.failoverWait().toNanos()) {
      acknowledged.remove(id);
      JobState failed =
          new JobState(
              id,
              JobStatus.ERROR,
              "master-failover ran on "
                  + to
                  + ", but the cluster still names "
                  + (master.isEmpty() ? "no master" : master)
                  + (named ? " (but the nodes' votes do not agree yet)" : "")
                  + " after "
                  + routing.failoverWait().toSeconds()
                  + " s");
      states.put(id, failed);
      return failed;
    }
    return new JobState(
        id,
        JobStatus.RUNNING,
        named
            ? "waiting for the nodes' votes to name " + to + " master"
            : "waiting for the cluster to name " + to + " master");
  }

  private JobState run(String id, JobSpec job, boolean again) {
    NodeCommand command = NodeCommand.of(job, routing);
    boolean reboot = job.operations().get(0) instanceof Operation.RebootNode;
    if (!reboot) {
      targets.put(id, command.node());
    }
    try {
      return answered(id, job, command, reboot, client.run(command.request()));
    } catch (Exception e) {
      log.warn(
          "[owner={}] [job={}] {} request to {} failed: {}",
          job.owner(),
          id,
          command.command(),
          command.node(),
          e.toString());
      return unanswered(id, command, reboot, again, e);
    }
  }

  /**
   * The job once the collector answered: a reboot it refused is canceled, any other refusal an
   * error; a fail-over it ran waits for the cluster and the votes ({@link #masterMoved}).
   */
  private JobState answered(String id, JobSpec job, NodeCommand c, boolean reboot, RepairResult r) {
    String text =
        c.command()
            + " on "
            + c.node()
            + (r.error() != null ? ": " + r.error() : " exited with " + r.exitCode())
            + (r.output().isBlank() ? "" : ": " + r.output().strip());
    log.info("[owner={}] [job={}] {}", job.owner(), id, text);
    if (!r.succeeded() && reboot) {
      return new JobState(
          id,
          JobStatus.CANCELED,
          "reboot refused by "
              + c.node()
              + "'s collector: "
              + (r.error() != null ? r.error() : c.command() + " exited with " + r.exitCode())
              + (r.output().isBlank() ? "" : ": " + r.output().strip()));
    }
    if (!r.succeeded()) {
      return new JobState(id, JobStatus.ERROR, text);
    }
    if (!reboot) {
      acknowledged.put(id, ticker.nanos());
      return new JobState(id, JobStatus.RUNNING, text);
    }
    return new JobState(id, JobStatus.SUCCESS, text);
  }

  /**
   * The job when the request got no answer: a reboot whose answer may have been lost, or sent
   * {@code again} to a collector that does not answer, may be under way (a new boot id will tell);
   * anything else failed.
   */
  private static JobState unanswered(
      String id, NodeCommand c, boolean reboot, boolean again, Exception e) {
    if (reboot && (again || LostAnswer.mayHaveArrived(e))) {
      // a node that reboots may go down before its answer is out: its boot id tells
      return new JobState(
          id,
          JobStatus.SUCCESS,
          c.command()
              + " sent to "
              + c.node()
              + (LostAnswer.mayHaveArrived(e)
                  ? ", but its answer was lost ("
                  : " before this daemon took over, and its collector does not answer now (")
              + LostAnswer.describe(e)
              + "): the node may be rebooting; a new boot id will tell");
    }
    return new JobState(
        id,
        JobStatus.ERROR,
        c.command() + " request to " + c.node() + " failed: " + e.getMessage());
  }
}
