package org.maintd.recovery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.HistoryEntry;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Observation;
import org.maintd.machine.Machine;
import org.maintd.spi.MaintdState;

/**
 * Rebuilds a lost state from the traces of maintd's work, so that nothing is done twice: an
 * incident whose node carries {@code maintd:repairready:<uuid>} is completed, one with {@code
 * maintd:repairfailed:<uuid>} failed, one with jobs of its own in the queue goes on from where they
 * left it (failed if one failed), one whose live repair a collector ran is completed or failed by
 * that run's outcome, and one whose repair record its collector cannot read (and no tag tells how
 * it ended) is failed, held for an operator to look and acknowledge, so that nothing is done to its
 * node blind. Each keeps its uuid, and the diagnose object the collector was given, or the one the
 * node reports now for the same action, so that the node's next report is the same incident and not
 * a new one. The nodes maintd took out of service are recorded again, the round number goes past
 * every key in the queue, and the state starts paused, for an operator to look before anything
 * runs. Campaigns are not rebuilt; the notes say which were under way. Machines out for planned
 * maintenance come back as {@link MaintenanceTraces} says; the schedule does not.
 *
 * <p>What the traces say of each incident is its {@link Evidence} ({@link TracedIncidents}); an
 * incident over already is forgotten ({@link PutBack}); the others keep the diagnose object {@link
 * RecoveredDiagnosis} gives. The nodes out of service are {@link TakenOut}'s; the work not rebuilt
 * is noted by {@link UnderWay}. Pure, stateless and thread-safe.
 */
public final class Recovery {

  /** The rebuilt state, and one note per thing recovered or left to the operator. */
  public record Recovered(MaintdState state, List<String> notes) {}

  /**
   * Rebuilds from {@code traces} (their jobs all finished) on {@code cluster}; {@code reports}:
   * each node's last poll.
   */
  public Recovered rebuild(
      Cluster cluster, Traces traces, Map<String, Observation> reports, Instant now) {
    List<String> notes = new ArrayList<>();
    List<Incident> incidents = new ArrayList<>();
    TracedIncidents.of(traces)
        .forEach(
            (uuid, e) ->
                incident(cluster, traces, uuid, e, reports, now, notes).ifPresent(incidents::add));
    List<Machine> taken = TakenOut.machines(cluster, incidents, traces, now);
    MaintenanceTraces.Rebuilt maintenance = MaintenanceTraces.rebuild(cluster, traces, taken, now);
    List<Machine> machines = new ArrayList<>(taken);
    machines.addAll(maintenance.machines());
    notes.addAll(maintenance.notes());
    notes.addAll(UnderWay.notes(traces));
    String why =
        "recovered from the cluster's traces after the state was lost: check maintctl status, then maintctl resume";
    MaintdState state =
        MaintdState.initial(now)
            .withIncidents(incidents)
            .withMachines(machines)
            .withMaintenance(maintenance.maintenance())
            .withEvacuated(evacuated(incidents))
            .withRound(lastRound(traces) + 1)
            .withPaused(true, why);
    return new Recovered(state, notes);
  }

  /** The nodes of the completed evacuations: they were emptied. */
  private static List<String> evacuated(List<Incident> incidents) {
    return incidents.stream()
        .filter(
            i -> i.status() == IncidentStatus.COMPLETED && i.diagnosis().status().isEvacuation())
        .map(Incident::node)
        .distinct()
        .toList();
  }

  /** The highest round the keys of the traces' jobs name; 0 when none names one. */
  private static long lastRound(Traces traces) {
    return traces.jobs().stream()
        .map(j -> TraceKey.of(j.reason()))
        .flatMap(Optional::stream)
        .mapToLong(TraceKey::round)
        .max()
        .orElse(0);
  }

  /**
   * The incident {@code uuid} rebuilt from its evidence {@code e}, said in a note; empty (said too)
   * when its node is not in the cluster, or when it is over ({@link PutBack}).
   */
  private static Optional<Incident> incident(
      Cluster cluster,
      Traces traces,
      UUID uuid,
      Evidence e,
      Map<String, Observation> reports,
      Instant now,
      List<String> notes) {
    Optional<Node> node = e.node().flatMap(cluster::node);
    if (node.isEmpty()) {
      notes.add(
          "incident "
              + uuid
              + ": its node "
              + e.node().orElse("null")
              + " is not in the cluster; not recovered");
      return Optional.empty();
    }
    TracedAction action = e.action().orElseGet(() -> TracedAction.assumedOn(node.get()));
    Optional<String> finished = PutBack.why(e, action, node.get(), traces);
    if (finished.isPresent()) {
      notes.add(note(uuid, node.get(), action, "finished and forgotten: " + finished.get()));
      return Optional.empty();
    }
    Optional<Observation> reported = Optional.ofNullable(reports.get(node.get().name()));
    Incident inc = rebuilt(uuid, e, node.get().name(), action, reported, now);
    String reason = inc.history().get(0).reason();
    notes.add(note(uuid, node.get(), action, inc.status().wireName() + ", " + reason));
    return Optional.of(inc);
  }

  /**
   * The incident {@code uuid} as its evidence {@code e} tells it, on {@code node}, with the
   * diagnose object {@link RecoveredDiagnosis} gives ({@code reported}: what the node reported at
   * the last poll), observed when the node reports that object now.
   */
  private static Incident rebuilt(
      UUID uuid,
      Evidence e,
      String node,
      TracedAction action,
      Optional<Observation> reported,
      Instant now) {
    Diagnosis diagnosis = RecoveredDiagnosis.of(e, action, reported);
    boolean observed =
        RecoveredDiagnosis.fault(reported)
            .map(f -> f.original().equals(diagnosis.original()))
            .orElse(false);
    List<String> jobs = new ArrayList<>(e.jobs());
    if (e.repair().flatMap(RepairRecord::succeeded).isPresent() && jobs.isEmpty()) {
      jobs.add("repair:" + uuid + "-recovered");
    }
    return new Incident(
        uuid,
        node,
        diagnosis,
        e.status(),
        jobs,
        now,
        now,
        1,
        List.of(new HistoryEntry(now, "recovered", e.reason(node, observed))),
        "",
        observed,
        e.tag().isPresent(),
        false);
  }

  private static String note(UUID uuid, Node node, TracedAction action, String what) {
    return "incident " + uuid + " on " + node.name() + " (" + action.text() + "): " + what;
  }
}
