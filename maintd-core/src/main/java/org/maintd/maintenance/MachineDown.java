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
 * the safety caps. A machine a campaign is rebooting is never taken down. Pure; one per decision.
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

  /** Take it down: submit {@code job}; its mode becomes {@code mode}. */
  public record TakeDown(String node, JobSpec job, MaintenanceMode mode) {}

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
    String what = "machine " + node.name() + " down: taken out of service by " + who;
    return new Verdict.Allowed<>(
        new TakeDown(
            node.name(),
            MachineJobs.of(
                node.name(), "down", Operation.SetNodeFlags.offline(node.name()), what, now),
            new MaintenanceMode(
                scheduled, MachineMode.DOWN, now, what + (force ? " (forced)" : ""))));
  }

  private Optional<String> refusal(Node node, boolean force) {
    if (maintenance.schedule().windowOf(node.name()).isEmpty()) {
      return Optional.of(
          node.name()
              + " is not part of the maintenance schedule: schedule it first (its window may start"
              + " now)");
    }
    MachineMode mode = maintenance.modeOf(node.name());
    if (mode == MachineMode.DOWN) {
      return Optional.of(node.name() + " is already DOWN");
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
    if (mode != MachineMode.DRAIN) {
      problems.add(node.name() + " is not in DRAIN mode and cannot be brought down yet");
    }
    List<String> left = instancesOn(node.name());
    if (!left.isEmpty()) {
      problems.add(node.name() + " still has instances: " + String.join(", ", left));
    }
    if (!problems.isEmpty() && !force) {
      return Optional.of(String.join("; ", problems) + " (--force takes it down anyway)");
    }
    return ledger.refusal(node).map(WaitReason::text);
  }

  private List<String> instancesOn(String node) {
    List<String> out = new ArrayList<>();
    cluster.primariesOf(node).stream().map(Instance::name).forEach(out::add);
    cluster.secondariesOf(node).stream().map(Instance::name).forEach(out::add);
    return out;
  }
}
