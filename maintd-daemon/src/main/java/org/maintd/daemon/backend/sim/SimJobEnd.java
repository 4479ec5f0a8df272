package org.maintd.daemon.backend.sim;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.job.JobSpec;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.protocol.text.Escaped;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How long a simulated job runs ({@link JobPlay}), and what its end does: its operations change the
 * cluster in order, refusing what Ganeti would refuse, what the cluster it stands for would refuse
 * ({@link JobPlay#refusals}) or what a failure rule injects; a reboot powers its node off until its
 * boot time has passed; a power-off keeps it off until a power-on; a master fail-over rewrites the
 * master file.
 */
final class SimJobEnd {
  private static final Logger log = LoggerFactory.getLogger(SimJobEnd.class);

  private final SimSettings settings;
  private final JobPlay play;
  private final SimStore files;
  private final SimOperations operations = new SimOperations();

  SimJobEnd(SimSettings settings, JobPlay play, SimStore files) {
    this.settings = settings;
    this.play = play;
    this.files = files;
  }

  /** How long {@code job} runs in {@code cluster}. */
  Duration duration(JobSpec job, Cluster cluster) {
    return play.times().of(job, cluster);
  }

  /** {@code state} once {@code job} has ended. */
  SimState finish(SimState state, SimJob job) {
    Cluster cluster = state.cluster();
    List<FailRule> rules = new ArrayList<>(state.rules());
    Map<String, Instant> off = new HashMap<>(state.off());
    java.util.Set<String> stale = new java.util.TreeSet<>(state.staleDisks());
    SimJob result = job.finished(JobStatus.SUCCESS, "");
    for (Operation op : job.spec().operations()) {
      try {
        if (SimState.useRule(rules, rule -> rule.matches(op))) {
          throw new SimFailure("injected failure of " + op.kind());
        }
        Optional<String> refused = play.refusals().apply(op, cluster);
        if (refused.isPresent()) {
          throw new SimFailure(refused.get());
        }
        cluster = operations.apply(cluster, op);
        if (op instanceof Operation.RebootNode r) {
          if (off.containsKey(r.node())) {
            throw new SimFailure("Node " + r.node() + " is powered off");
          }
          boolean staysDown = staysDown(rules, r.node());
          off.put(r.node(), staysDown ? SimBackend.NEVER : job.ends().plus(settings.bootTime()));
          log.info(
              "[node={}] powered off for its reboot{}",
              r.node(),
              staysDown ? "; it will not come back (injected)" : "");
        }
        if (op instanceof Operation.PowerNode p) {
          power(off, p, job.ends());
        }
        if (op instanceof Operation.FailoverMaster m) {
          files.writeMaster(m.to());
        }
        if (op instanceof Operation.ActivateDisks || op instanceof Operation.StartInstance) {
          stale.removeAll(op.instances());
        }
      } catch (SimFailure e) {
        result = job.finished(JobStatus.ERROR, op.kind() + " failed: " + e.getMessage());
        break;
      }
    }
    List<SimJob> jobs = new ArrayList<>(state.jobs());
    jobs.set(jobs.indexOf(job), result);
    log.info(
        "[job={}] {}{}",
        job.id(),
        result.status().wireName(),
        result.message().isEmpty() ? "" : ": " + Escaped.of(result.message()));
    return new SimState(cluster, jobs, rules, state.lastId(), off, stale);
  }

  /**
   * Powers a node off until it is powered on, or on: it boots for {@link SimSettings#bootTime()}
   * (an injected {@code boot} failure keeps it off). Powering on a node that is on does nothing.
   */
  private void power(Map<String, Instant> off, Operation.PowerNode p, Instant at) {
    if (!p.on()) {
      off.put(p.node(), SimBackend.NEVER);
      log.info("[node={}] powered off ({})", p.node(), p.hard() ? "hard" : "soft");
    } else if (off.containsKey(p.node())) {
      off.put(p.node(), at.plus(settings.bootTime()));
      log.info("[node={}] powered on; it boots", p.node());
    }
  }

  /**
   * Whether an injected {@code boot} failure keeps {@code node} off after its reboot (used once).
   */
  private static boolean staysDown(List<FailRule> rules, String node) {
    return SimState.useRule(
        rules,
        rule -> rule.op().equals("boot") && (rule.node().isEmpty() || rule.node().equals(node)));
  }
}
