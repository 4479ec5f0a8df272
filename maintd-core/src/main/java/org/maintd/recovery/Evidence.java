package org.maintd.recovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobStatus;
import org.maintd.spi.JobTrace;

/**
 * What the traces say about one incident: its node, its outcome tag ({@code
 * maintd:repairready|repairfailed:<uuid>}), the action its traces name, its jobs (and which of them
 * did not succeed), and the repair a collector ran for it. Each trace adds to it ({@link #tagged},
 * {@link #job}, {@link #repaired}); it tells the status and the history the incident is rebuilt
 * with. Immutable.
 */
record Evidence(
    Optional<String> node,
    Optional<String> tag,
    Optional<TracedAction> action,
    List<String> jobs,
    List<String> failures,
    Optional<RepairRecord> repair) {

  /** No trace yet. */
  static final Evidence NONE =
      new Evidence(
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          List.of(),
          List.of(),
          Optional.empty());

  Evidence {
    jobs = List.copyOf(jobs);
    failures = List.copyOf(failures);
  }

  /** With the outcome tag {@code tag}, which {@code node} carries. */
  Evidence tagged(String node, String tag) {
    return new Evidence(Optional.of(node), Optional.of(tag), action, jobs, failures, repair);
  }

  /**
   * With {@code job}, whose reason's key is {@code key}: the node it names unless one is known, the
   * action it names (the last job's wins), a failure when it did not succeed.
   */
  Evidence job(JobTrace job, TraceKey key) {
    List<String> failed = new ArrayList<>(failures);
    if (job.status() != JobStatus.SUCCESS) {
      failed.add("job " + job.id() + " " + job.status().wireName());
    }
    return new Evidence(
        node.or(key::node),
        tag,
        key.action().map(TracedAction::of).or(() -> action),
        plus(jobs, job.id()),
        failed,
        repair);
  }

  /** With the repair {@code r} a collector ran: a live repair on its node. */
  Evidence repaired(RepairRecord r) {
    return new Evidence(
        Optional.of(r.node()),
        tag,
        Optional.of(new TracedAction.Named(DiagnoseStatus.LIVE_REPAIR)),
        jobs,
        failures,
        Optional.of(r));
  }

  /**
   * Whether the incident is held for an operator: its node's collector cannot read its record of
   * the repair, and no outcome tag says how it ended.
   */
  boolean held() {
    return tag.isEmpty() && repair.flatMap(RepairRecord::unreadable).isPresent();
  }

  /**
   * The status it is rebuilt with: as its tag says; failed when held, when a job of it failed or
   * its repair did; pending when work was done for it (jobs, or a repair whose outcome is
   * recorded); noted otherwise.
   */
  IncidentStatus status() {
    if (tag.isPresent()) {
      return tag.get().startsWith(Incident.READY_TAG_PREFIX)
          ? IncidentStatus.COMPLETED
          : IncidentStatus.FAILED;
    }
    if (held()
        || !failures.isEmpty()
        || repair.flatMap(RepairRecord::succeeded).map(ok -> !ok).orElse(false)) {
      return IncidentStatus.FAILED;
    }
    boolean worked = !jobs.isEmpty() || repair.flatMap(RepairRecord::succeeded).isPresent();
    return worked ? IncidentStatus.PENDING : IncidentStatus.NOTED;
  }

  /**
   * Why the incident is what it is, for its history: held, and why; or what it was rebuilt from,
   * and whether its diagnose object is assumed ({@code observed} false: {@code nodeName} does not
   * report it now).
   */
  String reason(String nodeName, boolean observed) {
    if (held()) {
      return "held for an operator: "
          + nodeName
          + "'s collector cannot read its record of a repair ("
          + repair.flatMap(RepairRecord::unreadable).orElseThrow()
          + "), so whether it ran is not known; nothing is done for this fault until the"
          + " incident is acknowledged (maintctl ack)";
    }
    String source =
        tag.map(t -> "tag " + t)
            .or(() -> repair.map(r -> "the repair " + nodeName + "'s collector ran"))
            .orElseGet(() -> "jobs " + String.join(", ", jobs));
    return "rebuilt from "
        + source
        + " after the state was lost"
        + (observed ? "" : "; the diagnose object is assumed: the node does not report it now");
  }

  private static List<String> plus(List<String> list, String one) {
    List<String> out = new ArrayList<>(list);
    out.add(one);
    return out;
  }
}
