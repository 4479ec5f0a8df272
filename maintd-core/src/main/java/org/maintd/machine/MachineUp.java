package org.maintd.machine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.NodePhase;
import org.maintd.cluster.Node;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/**
 * Decides whether a node can be put back in service ({@code DOWN} or {@code DRAIN} → {@code UP}),
 * as Mesos' {@code /machine/up} does for a machine: the node must be one maintd took out, its
 * incidents must be over (completed or failed and acknowledged, or canceled), and it must report
 * {@code Ok}. {@code force} overrides those three checks (the node's active incidents are then
 * canceled, so that nothing drains it again); a node that a campaign under way holds is never put
 * back. The answer carries the job that brings the node back online and undrained. Pure; a fresh
 * instance per decision.
 */
public final class MachineUp {
  private final List<Incident> incidents;
  private final List<Machine> machines;
  private final List<Campaign> campaigns;
  private final Map<String, Observation> lastReports;

  /** The facts one decision reads; {@code lastReports} holds each node's last poll. */
  public MachineUp(
      List<Incident> incidents,
      List<Machine> machines,
      List<Campaign> campaigns,
      Map<String, Observation> lastReports) {
    this.incidents = incidents;
    this.machines = machines;
    this.campaigns = campaigns;
    this.lastReports = lastReports;
  }

  /** The node can go back: submit {@code job}, and cancel {@code cancels} (only when forced). */
  public record BringUp(String node, JobSpec job, List<UUID> cancels) {
    public BringUp {
      cancels = List.copyOf(cancels);
    }
  }

  /** Whether {@code node} (its name resolved by the command) can go back. */
  public Verdict<BringUp> decide(Node node, boolean force, String who, Instant now) {
    if (!Machines.isOut(node)) {
      return new Verdict.Refused<>(
          node.name(), node.name() + " is already in service (neither drained nor offline)");
    }
    Optional<Campaign> holder = campaignHolding(node.name());
    if (holder.isPresent()) {
      return new Verdict.Refused<>(
          node.name(),
          "campaign "
              + holder.get().id()
              + " is rebooting "
              + node.name()
              + " and brings it back itself; abort the campaign first");
    }
    List<String> problems = problems(node);
    if (!problems.isEmpty() && !force) {
      return new Verdict.Refused<>(
          node.name(), String.join("; ", problems) + " (--force puts it back anyway)");
    }
    List<UUID> cancels =
        force ? activeIncidents(node.name()).stream().map(Incident::uuid).toList() : List.of();
    return new Verdict.Allowed<>(
        new BringUp(node.name(), job(node, who, now, force && !problems.isEmpty()), cancels));
  }

  private List<String> problems(Node node) {
    List<String> problems = new ArrayList<>();
    if (Machines.find(machines, node.name()).isEmpty()) {
      problems.add(
          "maintd did not take "
              + node.name()
              + " out of service (someone drained it or set it offline by hand)");
    }
    for (Incident i : incidents) {
      if (!i.node().equals(node.name())) {
        continue;
      }
      if (i.status().isActive()) {
        problems.add(
            "incident "
                + i.uuid()
                + " ("
                + i.diagnosis().status().wireName()
                + ") is still "
                + i.status().wireName());
      } else if (unacknowledged(i, node)) {
        problems.add(
            "incident "
                + i.uuid()
                + " is "
                + i.status().wireName()
                + ": acknowledge it first (maintctl ack "
                + i.uuid()
                + ")");
      }
    }
    health(node.name()).ifPresent(problems::add);
    return problems;
  }

  private static boolean unacknowledged(Incident i, Node node) {
    boolean outcome = i.status() == IncidentStatus.COMPLETED || i.status() == IncidentStatus.FAILED;
    return outcome && !i.acknowledged() && (!i.tagged() || node.tags().contains(i.tag()));
  }

  private Optional<String> health(String node) {
    Observation last = lastReports.get(node);
    if (last instanceof Observation.Clear) {
      return Optional.empty();
    }
    if (last instanceof Observation.Fault f) {
      return Optional.of(node + " still reports " + f.diagnosis().status().wireName());
    }
    if (last instanceof Observation.Unknown u) {
      return Optional.of(node + "'s collector has not reported Ok (" + u.reason() + ")");
    }
    return Optional.of(node + "'s collector has not been polled yet");
  }

  private List<Incident> activeIncidents(String node) {
    return incidents.stream().filter(i -> i.node().equals(node) && i.status().isActive()).toList();
  }

  private Optional<Campaign> campaignHolding(String node) {
    return campaigns.stream()
        .filter(c -> c.status().isActive() && c.currentGroup().contains(node))
        .filter(
            c -> {
              NodePhase p = c.progress(node).phase();
              return p != NodePhase.WAITING && p != NodePhase.DONE && p != NodePhase.SKIPPED;
            })
        .findFirst();
  }

  /**
   * The job that puts {@code node} back: one node modification that clears the flags it has (on
   * Ganeti a node is either drained or offline; clearing either makes it a regular node).
   */
  private static JobSpec job(Node node, String who, Instant now, boolean forced) {
    long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    String owner = ownerOf(node.name());
    String key = upKeyPrefix(node.name()) + nanos;
    String what =
        "machine "
            + node.name()
            + " up: put back in service by "
            + who
            + (forced ? " (forced)" : "");
    Operation op =
        new Operation.SetNodeFlags(
            node.name(),
            node.drained() ? Optional.of(false) : Optional.empty(),
            node.offline() ? Optional.of(false) : Optional.empty());
    return new JobSpec(key, owner, List.of(op), ReasonTrail.of(what, key, nanos));
  }

  /** How the key of every job that puts {@code node} back in service begins. */
  public static String upKeyPrefix(String node) {
    return ownerOf(node) + "-up-";
  }

  /** The owner of jobs that change a machine's mode at an operator's request. */
  public static String ownerOf(String node) {
    return "machine:" + node;
  }
}
