package org.maintd.maintenance;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;
import org.maintd.machine.Verdict;
import org.maintd.safety.UnavailabilityLedger;
import org.maintd.wait.WaitReason;

/**
 * Decides whether a scheduled machine can be taken {@code DOWN} (its node set offline), as Mesos'
 * {@code /machine/down} does: it must be in the schedule and in {@code DRAIN} with no instance left
 * on its node; {@code force} takes it down from {@code UP} or with instances still there, within
 * the safety caps: with nothing left on it, at once; else it is marked as going down and the rounds
 * move what is left (declines overridden) before its node goes offline, unless an instance could go
 * nowhere (no other node of its group takes instances), which refuses it up front. A machine a
 * campaign is rebooting is never taken down. Pure; one per decision.
 */
public final class MachineDown {
  private final Cluster cluster;
  private final Maintenance maintenance;
  private final List<Campaign> campaigns;
  private final UnavailabilityLedger ledger;

  public MachineDown(
      Cluster cluster,
      Maintenance maintenance,
      List<Campaign> campaigns,
      UnavailabilityLedger ledger) {
    this.cluster = cluster;
    this.maintenance = maintenance;
    this.campaigns = campaigns;
    this.ledger = ledger;
  }

  /** What taking a machine down does: its mode becomes {@code mode}. A closed set. */
  public sealed interface TakeDown {
    String node();

    MaintenanceMode mode();

    /** At once: submit {@code job}, which sets its node offline; it is DOWN. */
    record Now(String node, JobSpec job, MaintenanceMode mode) implements TakeDown {}

    /**
     * Once nothing is left on it: DRAIN and going DOWN while the rounds move {@code left} (and
     * drain its node first, when {@code drainFirst}).
     */
    record OnceEmpty(String node, MaintenanceMode mode, List<String> left, boolean drainFirst)
        implements TakeDown {
      public OnceEmpty {
        left = List.copyOf(left);
      }
    }
  }

  /** Whether {@code node} (its name resolved by the command) can be taken down. */
  public Verdict<TakeDown> decide(Node node, boolean force, String who, Instant now) {
    Optional<String> refusal = refusal(node, force);
    if (refusal.isPresent()) {
      return new Verdict.Refused<>(node.name(), refusal.get());
    }
    String scheduled =
        maintenance.schedule().machines().stream()
            .filter(m -> m.names(node.name()))
            .findFirst()
            .orElseThrow()
            .hostname();
    ledger.takeDown(node);
    List<String> left = instancesOn(node.name());
    String what = "machine " + node.name() + " down: taken out of service by " + who;
    String forced = force ? " (forced)" : "";
    if (!left.isEmpty()) {
      MaintenanceMode going =
          new MaintenanceMode(
              scheduled,
              MachineMode.DRAIN,
              now,
              "going DOWN, forced by " + who + ": once " + String.join(", ", left) + " moved",
              true);
      return new Verdict.Allowed<>(
          new TakeDown.OnceEmpty(node.name(), going, left, !node.drained() && !node.offline()));
    }
    return new Verdict.Allowed<>(
        new TakeDown.Now(
            node.name(),
            MachineJobs.of(
                node.name(), "down", Operation.SetNodeFlags.offline(node.name()), what, now),
            new MaintenanceMode(scheduled, MachineMode.DOWN, now, what + forced)));
  }

  private Optional<String> refusal(Node node, boolean force) {
    if (maintenance.schedule().windowOf(node.name()).isEmpty()) {
      return Optional.of(
          node.name()
              + " is not part of the maintenance schedule: schedule it first (its window may start"
              + " now)");
    }
    Optional<MaintenanceMode> mode = maintenance.mode(node.name());
    if (mode.isPresent() && mode.get().mode() == MachineMode.DOWN) {
      return Optional.of(node.name() + " is already DOWN");
    }
    if (mode.isPresent() && mode.get().goingDown()) {
      return Optional.of(node.name() + " is already " + mode.get().reason());
    }
    if (node.master()) {
      return Optional.of(
          node.name()
              + " is the master: its window's drain moves the master role to a candidate first;"
              + " take it down once it drained");
    }
    Optional<Campaign> holder =
        campaigns.stream()
            .filter(c -> c.status().isActive() && c.currentGroup().contains(node.name()))
            .findFirst();
    if (holder.isPresent()) {
      return Optional.of(
          "campaign " + holder.get().id() + " is rebooting " + node.name() + "; abort it first");
    }
    List<String> problems = new ArrayList<>();
    if (mode.isEmpty()) {
      problems.add(node.name() + " is not in DRAIN mode and cannot be brought down yet");
    }
    List<String> left = instancesOn(node.name());
    if (!left.isEmpty()) {
      problems.add(node.name() + " still has instances: " + String.join(", ", left));
    }
    if (!problems.isEmpty() && !force) {
      return Optional.of(String.join("; ", problems) + " (--force takes it down anyway)");
    }
    return stuck(node).or(() -> ledger.refusal(node).map(WaitReason::text));
  }

  /** Why what is left on {@code node} could not move off it: no other node takes instances. */
  private Optional<String> stuck(Node node) {
    if (instancesOn(node.name()).isEmpty()
        || cluster.nodes().stream()
            .anyMatch(
                n ->
                    !n.name().equals(node.name())
                        && n.group().equals(node.group())
                        && n.acceptsInstances())) {
      return Optional.empty();
    }
    return Optional.of(
        node.name()
            + " cannot be taken down: "
            + String.join(", ", instancesOn(node.name()))
            + " could not move off it, no other node of its group takes instances (all drained"
            + " or offline)");
  }

  private List<String> instancesOn(String node) {
    List<String> out = new ArrayList<>();
    cluster.primariesOf(node).stream().map(Instance::name).forEach(out::add);
    cluster.secondariesOf(node).stream().map(Instance::name).forEach(out::add);
    return out;
  }
}
