package org.maintd.recovery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.maintd.campaign.Campaign;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.HistoryEntry;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Observation;
import org.maintd.job.JobStatus;
import org.maintd.machine.Machine;
import org.maintd.machine.MachineUp;
import org.maintd.spi.JobTrace;
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
 * maintenance come back as {@link MaintenanceTraces} says; the schedule does not. Pure.
 */
public final class Recovery {
  private final DiagnoseParser parser = new DiagnoseParser();

  /** The rebuilt state, and one note per thing recovered or left to the operator. */
  public record Recovered(MaintdState state, List<String> notes) {}

  /**
   * Rebuilds from {@code traces} (their jobs all finished) on {@code cluster}; {@code reports}:
   * each node's last poll.
   */
  public Recovered rebuild(
      Cluster cluster, Traces traces, Map<String, Observation> reports, Instant now) {
    List<String> notes = new ArrayList<>();
    Map<UUID, Evidence> evidence = evidence(traces);
    List<Incident> incidents = new ArrayList<>();
    evidence.forEach(
        (uuid, e) ->
            incident(cluster, traces, uuid, e, reports, now, notes).ifPresent(incidents::add));
    List<Machine> taken = machines(cluster, incidents, traces, now);
    MaintenanceTraces.Rebuilt maintenance = MaintenanceTraces.rebuild(cluster, traces, taken, now);
    List<Machine> machines = new ArrayList<>(taken);
    machines.addAll(maintenance.machines());
    notes.addAll(maintenance.notes());
    List<String> evacuated =
        incidents.stream()
            .filter(
                i ->
                    i.status() == IncidentStatus.COMPLETED && i.diagnosis().status().isEvacuation())
            .map(Incident::node)
            .distinct()
            .toList();
    campaigns(traces)
        .forEach(
            id ->
                notes.add(
                    "campaign "
                        + id
                        + " was under way: it is not resumed; its nodes may still be"
                        + " drained (maintctl nodes), put them back with maintctl up"));
    owners(traces, org.maintd.reboot.NodeCycle.OWNERS::idOf)
        .forEach(
            id ->
                notes.add(
                    "reboot request "
                        + id
                        + " was under way: it is not resumed and its keys are lost; its node may"
                        + " be off, offline or drained (maintctl nodes): bring it back, then"
                        + " maintctl up"));
    long round =
        traces.jobs().stream()
            .map(j -> TraceKey.of(j.reason()))
            .flatMap(Optional::stream)
            .mapToLong(TraceKey::round)
            .max()
            .orElse(0);
    String why =
        "recovered from the cluster's traces after the state was lost: check maintctl status, then maintctl resume";
    MaintdState state =
        MaintdState.initial(now)
            .withIncidents(incidents)
            .withMachines(machines)
            .withMaintenance(maintenance.maintenance())
            .withEvacuated(evacuated)
            .withRound(round + 1)
            .withPaused(true, why);
    return new Recovered(state, notes);
  }

  /** What the traces say about one incident. */
  private static final class Evidence {
    String node;
    String tag;
    String action;
    final List<String> jobs = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    RepairRecord repair;
  }

  private static Map<UUID, Evidence> evidence(Traces traces) {
    Map<UUID, Evidence> all = new LinkedHashMap<>();
    traces
        .nodeTags()
        .forEach(
            (node, tags) ->
                tags.forEach(
                    tag ->
                        tagged(tag)
                            .ifPresent(
                                uuid -> {
                                  Evidence e = all.computeIfAbsent(uuid, k -> new Evidence());
                                  e.node = node;
                                  e.tag = tag;
                                })));
    for (JobTrace job : traces.jobs()) {
      Optional<TraceKey> key = TraceKey.of(job.reason());
      if (key.isEmpty() || key.get().incident().isEmpty()) {
        continue;
      }
      Evidence e = all.computeIfAbsent(key.get().incident().get(), k -> new Evidence());
      key.get().node().ifPresent(n -> e.node = e.node == null ? n : e.node);
      key.get().action().ifPresent(a -> e.action = a);
      e.jobs.add(job.id());
      if (job.status() != JobStatus.SUCCESS) {
        e.failures.add("job " + job.id() + " " + job.status().wireName());
      }
    }
    for (RepairRecord r : traces.repairs()) {
      Evidence e = all.computeIfAbsent(incidentOf(r), k -> new Evidence());
      e.node = r.node();
      e.action = "live-repair";
      e.repair = r;
    }
    return all;
  }

  /**
   * The incident a repair record names; one derived from the node and the name when the name is not
   * an incident's uuid (a record left by something else), so that it is still held.
   */
  private static UUID incidentOf(RepairRecord r) {
    try {
      return UUID.fromString(r.incident());
    } catch (IllegalArgumentException e) {
      return UUID.nameUUIDFromBytes(
          (r.node() + "/" + r.incident()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  private static Optional<UUID> tagged(String tag) {
    for (String prefix : List.of(Incident.READY_TAG_PREFIX, Incident.FAILED_TAG_PREFIX)) {
      if (tag.startsWith(prefix)) {
        try {
          return Optional.of(UUID.fromString(tag.substring(prefix.length())));
        } catch (IllegalArgumentException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private Optional<Incident> incident(
      Cluster cluster,
      Traces traces,
      UUID uuid,
      Evidence e,
      Map<String, Observation> reports,
      Instant now,
      List<String> notes) {
    Optional<Node> node = e.node == null ? Optional.empty() : cluster.node(e.node);
    if (node.isEmpty()) {
      notes.add(
          "incident " + uuid + ": its node " + e.node + " is not in the cluster; not recovered");
      return Optional.empty();
    }
    String action =
        e.action != null
            ? e.action
            : node.get().offline() || node.get().drained() ? "evacuate" : "live-repair";
    Optional<String> finished = putBack(e, action, node.get(), traces);
    if (finished.isPresent()) {
      notes.add(note(uuid, node.get(), action, "finished and forgotten: " + finished.get()));
      return Optional.empty();
    }
    Observation now0 = reports.get(node.get().name());
    Diagnosis diagnosis = diagnosis(e, action, now0);
    boolean observed =
        now0 instanceof Observation.Fault f
            && f.diagnosis().original().equals(diagnosis.original());
    IncidentStatus status = status(e);
    boolean tagged = e.tag != null;
    List<String> jobs = new ArrayList<>(e.jobs);
    if (e.repair != null && e.repair.succeeded().isPresent() && jobs.isEmpty()) {
      jobs.add("repair:" + uuid + "-recovered");
    }
    String reason = reason(e, node.get().name(), observed);
    Incident inc =
        new Incident(
            uuid,
            node.get().name(),
            diagnosis,
            status,
            jobs,
            now,
            now,
            1,
            List.of(new HistoryEntry(now, "recovered", reason)),
            "",
            observed,
            tagged,
            false);
    notes.add(note(uuid, node.get(), action, status.wireName() + ", " + reason));
    return Optional.of(inc);
  }

  /**
   * Why an incident with jobs and no outcome tag is over: its node was put back in service after
   * them (an {@code up} job of maintd's that succeeded, later in the queue than every job of the
   * incident), or, for an evacuation, every job succeeded and the node is online and undrained
   * again. It was completed or failed, acknowledged (its tag removed) and its node put back: were
   * it rebuilt as pending, its node would be evacuated again. Empty when neither holds.
   */
  private static Optional<String> putBack(Evidence e, String action, Node node, Traces traces) {
    if (e.tag != null || e.jobs.isEmpty() || held(e)) {
      return Optional.empty();
    }
    Optional<JobTrace> up =
        traces.jobs().stream()
            .filter(j -> j.status() == JobStatus.SUCCESS)
            .filter(
                j ->
                    TraceKey.of(j.reason())
                        .map(k -> k.key().startsWith(MachineUp.upKeyPrefix(node.name())))
                        .orElse(false))
            .filter(j -> e.jobs.stream().allMatch(mine -> later(j.id(), mine)))
            .findFirst();
    if (up.isPresent()) {
      return Optional.of(
          node.name() + " was put back in service after its jobs (job " + up.get().id() + ")");
    }
    boolean evacuation = action.startsWith("evacuate");
    if (evacuation && e.failures.isEmpty() && !node.offline() && !node.drained()) {
      return Optional.of(
          "every job of it succeeded and "
              + node.name()
              + " is online and undrained again: it was repaired, acknowledged and put back");
    }
    return Optional.empty();
  }

  private static String note(UUID uuid, Node node, String action, String what) {
    return "incident " + uuid + " on " + node.name() + " (" + action + "): " + what;
  }

  /** Whether job {@code a} was submitted after job {@code b}, by their ids (numbers in a queue). */
  private static boolean later(String a, String b) {
    try {
      return Long.parseLong(a) > Long.parseLong(b);
    } catch (NumberFormatException e) {
      return a.compareTo(b) > 0;
    }
  }

  /**
   * Whether the incident is held for an operator: its node's collector cannot read its record of
   * the repair, and no outcome tag says how it ended.
   */
  private static boolean held(Evidence e) {
    return e.tag == null && e.repair != null && e.repair.unreadable().isPresent();
  }

  private static String reason(Evidence e, String node, boolean observed) {
    if (held(e)) {
      return "held for an operator: "
          + node
          + "'s collector cannot read its record of a repair ("
          + e.repair.unreadable().get()
          + "), so whether it ran is not known; nothing is done for this fault until the"
          + " incident is acknowledged (maintctl ack)";
    }
    String source =
        e.tag != null
            ? "tag " + e.tag
            : e.repair != null
                ? "the repair " + node + "'s collector ran"
                : "jobs " + String.join(", ", e.jobs);
    return "rebuilt from "
        + source
        + " after the state was lost"
        + (observed ? "" : "; the diagnose object is assumed: the node does not report it now");
  }

  private Diagnosis diagnosis(Evidence e, String action, Observation reported) {
    if (held(e) && e.repair.original().isEmpty() && reported instanceof Observation.Fault f) {
      return f.diagnosis();
    }
    if (e.repair != null && !e.repair.original().isEmpty()) {
      try {
        return parser.parseCommandOutput(e.repair.original());
      } catch (RuntimeException unparsable) {
        // what the collector could read of it is no diagnose object: assumed below
      }
    }
    if (reported instanceof Observation.Fault f
        && f.diagnosis().status().wireName().equals(action)) {
      return f.diagnosis();
    }
    Map<String, Object> assumed = new LinkedHashMap<>();
    assumed.put("status", action);
    if (action.equals("live-repair")) {
      String command = e.repair != null ? e.repair.command() : "";
      assumed.put("command", command.matches("[A-Za-z0-9_-]+") ? command : "unknown");
    }
    return parser.parseCommandOutput(assumed);
  }

  private static IncidentStatus status(Evidence e) {
    if (e.tag == null && held(e)) {
      return IncidentStatus.FAILED;
    }
    if (e.tag != null) {
      return e.tag.startsWith(Incident.READY_TAG_PREFIX)
          ? IncidentStatus.COMPLETED
          : IncidentStatus.FAILED;
    }
    if (!e.failures.isEmpty()
        || e.repair != null && e.repair.succeeded().map(ok -> !ok).orElse(false)) {
      return IncidentStatus.FAILED;
    }
    boolean worked = !e.jobs.isEmpty() || e.repair != null && e.repair.succeeded().isPresent();
    return worked ? IncidentStatus.PENDING : IncidentStatus.NOTED;
  }

  /** The nodes out of service that a recovered incident or a campaign of the traces took out. */
  private static List<Machine> machines(
      Cluster cluster, List<Incident> incidents, Traces traces, Instant now) {
    List<Machine> out = new ArrayList<>();
    for (Node n : cluster.nodes()) {
      if (!n.drained() && !n.offline()) {
        continue;
      }
      Optional<Incident> owner =
          incidents.stream()
              .filter(i -> i.node().equals(n.name()) && i.diagnosis().status().isEvacuation())
              .findFirst();
      Optional<String> campaign =
          traces.jobs().stream()
              .filter(j -> j.reason().contains("drain " + n.name() + " for its reboot"))
              .map(j -> TraceKey.of(j.reason()))
              .flatMap(Optional::stream)
              .map(TraceKey::owner)
              .findFirst();
      String by = owner.map(i -> i.uuid().toString()).orElse(campaign.orElse(null));
      if (by != null) {
        out.add(new Machine(n.name(), now, by, "rebuilt after the state was lost"));
      }
    }
    return out;
  }

  private static Set<String> campaigns(Traces traces) {
    return owners(traces, Campaign.OWNERS::idOf);
  }

  /** The ids that {@code idOf} finds in the owners of the traces' jobs, in their order. */
  private static Set<String> owners(
      Traces traces, java.util.function.Function<String, Optional<String>> idOf) {
    Set<String> ids = new LinkedHashSet<>();
    traces.jobs().stream()
        .map(j -> TraceKey.of(j.reason()))
        .flatMap(Optional::stream)
        .map(k -> idOf.apply(k.owner()))
        .flatMap(Optional::stream)
        .forEach(ids::add);
    return ids;
  }
}
