package org.maintd.round;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.maintd.balance.Load;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.incident.Incident;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.machine.Machines;
import org.maintd.plan.HealthRound;
import org.maintd.plan.MaintenanceInput;
import org.maintd.plan.Next;
import org.maintd.plan.PlanInputs;
import org.maintd.plan.RebootInput;
import org.maintd.plan.RoundPlan;
import org.maintd.plan.RoundPlanner;
import org.maintd.plan.TagChange;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.RoundHold;
import org.maintd.wait.WaitReason;

/**
 * A tick's plan: every incident and campaign says what happens next or why it waits; when no job
 * runs, nothing is paused and the round delay has passed, the round starts: incidents whose work is
 * done complete, harep's tag changes are made, and the round's jobs become intents (with the
 * campaigns' new phases and the machines they take out, so that a reboot planned is a reboot
 * submitted). Balancing searches every move of every instance: only when the round can start. The
 * guard of planned work answers once per tick, for every planner and for the plan shown.
 */
final class Planning {
  private final RoundPlanner planner;
  private final RoundPlanner plannerWithoutBalancing;

  Planning(Settings settings) {
    this.planner =
        new RoundPlanner(
            settings.caps(),
            settings.harep(),
            settings.balanceThreshold(),
            settings.balancing(),
            settings.hardRebootAfter());
    this.plannerWithoutBalancing =
        new RoundPlanner(settings.caps(), settings.harep(), settings.hardRebootAfter());
  }

  /**
   * The CPU load the collectors measured, each node's mean over its last polls; an offline node,
   * whose collector is not asked, counts as idle. None when no node's load was measured.
   */
  static Load load(Memory memory, Cluster cluster) {
    if (memory.loads().isEmpty()) {
      return Load.none();
    }
    Map<String, Double> cpu = new HashMap<>();
    cluster.nodes().stream().filter(Node::offline).forEach(n -> cpu.put(n.name(), 0.0));
    memory.loads().forEach((node, avg) -> cpu.put(node, avg.mean()));
    return Load.none().withCpu(new Load.NodeCpu(cpu));
  }

  void apply(Turn t, List<String> running) {
    MaintdState s = t.state;
    Optional<WaitReason> wait = heldBack(t, running);
    Optional<WaitReason> plannedWork = t.settings.guard().holds(t.now, t.inputs.alerts());
    RoundPlan plan =
        (wait.isEmpty() ? planner : plannerWithoutBalancing)
            .plan(
                PlanInputs.of(t.cluster, s.incidents(), s.evacuated(), s.round() + 1, t.now)
                    .withCampaigns(s.campaigns())
                    .withSignals(t.memory.signals())
                    .withSucceededJobs(succeeded(t))
                    .withMaintenance(
                        new MaintenanceInput(
                            s.maintenance(),
                            t.settings.drainAhead(),
                            plannedWork,
                            t.inputs.consents().asking(),
                            t.memory.signals()))
                    .withLoad(load(t.memory, t.cluster))
                    .withHealth(health(t))
                    .withReboots(new RebootInput(s.reboots(), t.settings.reboot())));
    t.state =
        s.withIncidents(withNext(s.incidents(), plan.next(), wait))
            .withCampaigns(
                wait.isEmpty()
                    ? s.campaigns()
                    : CampaignList.waiting(s.campaigns(), wait.get().text()));
    t.memory =
        t.memory.withPlan(
            new PlanSnapshot(
                t.now,
                s.round() + 1,
                wait,
                plan.jobs(),
                t.state.incidents(),
                waiting(s.incidents(), plan.next(), wait),
                plan.items(),
                plannedWork));
    if (wait.isEmpty()) {
      start(t, plan);
    }
  }

  private static void start(Turn t, RoundPlan plan) {
    long round = t.state.round() + 1;
    plan.completed().forEach(uuid -> complete(t, uuid));
    List<TagChange> changes = plan.tagChanges();
    for (int i = 0; i < changes.size(); i++) {
      HarepTagging.change(t, "round-" + round + "-tags-" + i, changes.get(i));
    }
    t.log.addAll(CampaignList.changes(t.state.campaigns(), plan.campaigns()));
    t.log.addAll(Scheduling.changes(t.state.maintenance(), plan.maintenance()));
    t.log.addAll(RebootLog.changes(t.state.reboots(), plan.reboots()));
    t.state =
        t.state
            .withCampaigns(plan.campaigns())
            .withMaintenance(plan.maintenance())
            .withReboots(plan.reboots())
            .withHealth(plan.health().next());
    plan.health()
        .events()
        .forEach(e -> t.log.add(e.error() ? LogLine.error(e.text()) : LogLine.info(e.text())));
    if (plan.jobs().isEmpty()) {
      return;
    }
    List<Intent> intents = plan.jobs().stream().map(j -> new Intent(j, "")).toList();
    t.state =
        t.state
            .withJobs(List.of(), intents)
            .withRound(round)
            .withMachines(Machines.takenOut(t.state.machines(), plan.jobs(), t.now));
    t.memory = t.memory.withLastRound(t.now);
    t.roundStarted = true;
    t.log.add(LogLine.info("[round=" + round + "] submitting " + plan.jobs().size() + " job(s)"));
  }

  /**
   * An incident whose work is done: completed (its tag follows as an effect), its node evacuated if
   * it was.
   */
  private static void complete(Turn t, UUID uuid) {
    Incident inc = t.incident(uuid.toString()).orElseThrow();
    String reason = inc.next().isEmpty() ? "all actions done" : inc.next();
    t.replaceIncident(uuid, i -> t.lifecycle.completed(i, reason, t.now));
    if (inc.diagnosis().status().isEvacuation() && !t.state.evacuated().contains(inc.node())) {
      List<String> evacuated = new ArrayList<>(t.state.evacuated());
      evacuated.add(inc.node());
      t.state = t.state.withEvacuated(evacuated);
    }
    t.log.add(
        LogLine.info("[incident=" + uuid + "] [node=" + inc.node() + "] completed: " + reason));
  }

  /** What instance health is given this tick: the boot ids the collectors last reported. */
  private static HealthRound health(Turn t) {
    Map<String, String> bootIds = new HashMap<>();
    t.memory.signals().forEach((node, s) -> bootIds.put(node, s.bootId()));
    return new HealthRound(
        t.settings.instanceHealth(), t.state.health(), t.inputs.disks(), bootIds, t.now);
  }

  /** The jobs named by harep's pending tags that this tick read as succeeded. */
  private static Set<String> succeeded(Turn t) {
    Set<String> out = new HashSet<>();
    for (String id : Watch.pendingRepairJobs(t.cluster)) {
      JobState job = t.inputs.jobs().get(id);
      if (job != null && job.status() == JobStatus.SUCCESS) {
        out.add(id);
      }
    }
    return out;
  }

  /** Why the round cannot start now; empty when it can. */
  private static Optional<WaitReason> heldBack(Turn t, List<String> running) {
    MaintdState s = t.state;
    if (!running.isEmpty()) {
      return Optional.of(new RoundHold.JobsRunning(running, s.round()));
    }
    if (s.paused()) {
      return Optional.of(new RoundHold.Paused(s.pauseReason()));
    }
    Duration since = Duration.between(t.memory.lastRound(), t.now);
    // a last round that began later than now began before the clock was stepped back: how long ago
    // cannot be told, and holding the rounds for the step's length would hold all the work
    if (!since.isNegative() && since.compareTo(s.roundDelay()) < 0) {
      return Optional.of(new RoundHold.RoundDelay(s.roundDelay().minus(since).toSeconds()));
    }
    return Optional.empty();
  }

  /**
   * Whether the round's hold speaks for the incident: an active one, unless it already waits for a
   * more invasive incident on its node (which the round's start does not change).
   */
  private static boolean heldByTheRound(Incident i, Next next, Optional<WaitReason> wait) {
    return wait.isPresent()
        && i.status().isActive()
        && !(next.waits().orElse(null) instanceof OtherWorkFirst.IncidentFirst);
  }

  private static List<Incident> withNext(
      List<Incident> incidents, Map<UUID, Next> next, Optional<WaitReason> wait) {
    return incidents.stream()
        .map(
            i -> {
              Next n = next.getOrDefault(i.uuid(), Next.does(""));
              String text = n.text();
              return i.withNext(
                  heldByTheRound(i, n, wait)
                      ? wait.get().text() + (text.isEmpty() ? "" : "; then: " + text)
                      : text);
            })
        .toList();
  }

  /** The incidents that wait, and why: the round's hold, or their own reason. */
  private static Map<UUID, WaitReason> waiting(
      List<Incident> incidents, Map<UUID, Next> next, Optional<WaitReason> wait) {
    Map<UUID, WaitReason> out = new HashMap<>();
    for (Incident i : incidents) {
      Next n = next.getOrDefault(i.uuid(), Next.does(""));
      if (heldByTheRound(i, n, wait)) {
        out.put(i.uuid(), wait.get());
      } else {
        n.waits().ifPresent(w -> out.put(i.uuid(), w));
      }
    }
    return out;
  }
}
