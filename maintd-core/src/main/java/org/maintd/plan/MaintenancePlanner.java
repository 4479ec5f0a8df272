package org.maintd.plan;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNamed;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.machine.MachineMode;
import org.maintd.machine.MachineUp;
import org.maintd.maintenance.Consents;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Window;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.NotReady;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.ScheduleWait;
import org.maintd.wait.WaitReason;

/**
 * The maintenance schedule's part of a round, after repairs and before campaigns and balancing. A
 * scheduled machine whose window starts within {@code drainAhead} is drained (within the safety
 * caps) and goes {@code DRAIN}; its instances are then moved off (evacuations' placement rules),
 * each once it consents: a decline holds an instance until its window starts (for good, when the
 * window respects declines), and one not yet answered waits while consent commands are asked. An
 * {@code auto} window takes its drained machine {@code DOWN} (offline) once it has started, unless
 * it has ended meanwhile (held by the guards until then: a window that ended is over), and brings
 * it back {@code UP} (online, undrained, out of the schedule) once it has ended and the node
 * reports {@code Ok}. Planned work: while {@code hold} says so, none of it starts. Every machine is
 * a plan item ({@code machine}); the modes it gives take effect when the round starts. Not
 * thread-safe.
 */
final class MaintenancePlanner {
  private final RoundContext ctx;
  private final EvacuationPlanner evacuations;
  private final MaintenanceInput in;
  private final Instant now;
  private final Map<String, String> campaigns;
  private Maintenance after;

  /**
   * Plans on {@code ctx}; {@code campaigns} are the nodes a campaign under way holds, by campaign
   * id: their drain waits for it.
   */
  MaintenancePlanner(
      RoundContext ctx,
      EvacuationPlanner evacuations,
      MaintenanceInput in,
      Instant now,
      Map<String, String> campaigns) {
    this.ctx = ctx;
    this.evacuations = evacuations;
    this.in = in;
    this.now = now;
    this.campaigns = Map.copyOf(campaigns);
    this.after = in.maintenance();
  }

  /** Plans every scheduled machine; the maintenance as it stands once the round starts. */
  Maintenance plan(List<JobSpec> jobs, List<PlanItem> items) {
    for (Window w : in.maintenance().schedule().windows()) {
      for (MachineId m : w.machines()) {
        items.add(new PlanItem("machine", m.hostname(), machine(w, m, jobs)));
      }
    }
    return after;
  }

  private Next machine(Window w, MachineId m, List<JobSpec> jobs) {
    NodeNamed named = NodeNamed.in(ctx.cluster, m.hostname());
    if (named instanceof NodeNamed.Unknown) {
      return Next.does("unknown: no node of that name in the cluster; kept in the schedule");
    }
    if (named instanceof NodeNamed.Ambiguous a) {
      return Next.does("ambiguous: " + a.message() + " (in the schedule); kept, nothing done");
    }
    Node node = ((NodeNamed.Found) named).node();
    return switch (after.modeOf(m.hostname())) {
      case UP -> up(w, m, node, jobs);
      case DRAIN -> drain(w, m, node, jobs);
      case DOWN -> down(w, m, node, jobs);
    };
  }

  private Next up(Window w, MachineId m, Node node, List<JobSpec> jobs) {
    Instant from = w.start().minus(in.drainAhead());
    if (w.ended(now)) {
      return Next.does(
          "UP: its window ended at "
              + w.end().orElseThrow()
              + " before it was drained; drop it from the schedule (maintctl schedule remove "
              + m.hostname()
              + ")");
    }
    if (now.isBefore(from)) {
      return Next.does("UP: drains from " + from + " for its window at " + w.start());
    }
    return startDrain(w, m, node, jobs, "UP: drain due");
  }

  /**
   * Drains the machine's node (again) and records it DRAIN (a machine going DOWN by force keeps its
   * record, and its drain is not held by the guards: the operator's command); or why it waits.
   */
  private Next startDrain(Window w, MachineId m, Node node, List<JobSpec> jobs, String head) {
    if (in.hold().isPresent() && !goingDown(m)) {
      return Next.waits(head, in.hold().get());
    }
    String owner = MachineUp.ownerOf(node.name());
    Optional<WaitReason> busy = busy(owner, node);
    if (busy.isPresent()) {
      return Next.waits(head, busy.get());
    }
    if (ctx.excludedTargets.contains(node.name())) {
      return Next.waits(head, new OtherWorkFirst.NodeHasIncident(node.name()));
    }
    if (campaigns.containsKey(node.name())) {
      return Next.waits(head, new OtherWorkFirst.CampaignUnderWay(campaigns.get(node.name())));
    }
    if (node.master()) {
      return masterFirst(node, owner, jobs, head);
    }
    String why =
        "its window at " + w.start() + " starts within drainAhead (" + in.drainAhead() + ")";
    if (node.drained() || node.offline()) {
      after = after.withMode(drainMode(m, why));
      return Next.does("DRAIN: " + node.name() + " is drained already; " + why);
    }
    Optional<CapacityWait.CapReached> cap = ctx.unavailable.refusal(node);
    if (cap.isPresent()) {
      return Next.waits(head, cap.get());
    }
    ctx.unavailable.takeDown(node);
    submit(jobs, owner, Operation.SetNodeFlags.drain(node.name()), "drain " + node.name(), why);
    after = after.withMode(drainMode(m, why));
    return Next.does("drain " + node.name() + ": " + why);
  }

  /** The DRAIN record of a machine drained for {@code why}; one going DOWN keeps its own. */
  private MaintenanceMode drainMode(MachineId m, String why) {
    return after
        .mode(m.hostname())
        .filter(MaintenanceMode::goingDown)
        .orElse(new MaintenanceMode(m.hostname(), MachineMode.DRAIN, now, why));
  }

  /** Whether an operator forced the machine down while instances were left on it. */
  private boolean goingDown(MachineId m) {
    return after.mode(m.hostname()).map(MaintenanceMode::goingDown).orElse(false);
  }

  /** The master's drain starts by moving the master role to a candidate, as campaigns do. */
  private Next masterFirst(Node node, String owner, List<JobSpec> jobs, String head) {
    Optional<Node> to =
        MasterSuccessor.of(ctx, node.name(), x -> ctx.claims.nodeFree(owner, x.name()));
    if (to.isEmpty()) {
      return Next.waits(head, new NotReady.NoMasterCandidate(node.name()));
    }
    submit(
        jobs,
        owner,
        new Operation.FailoverMaster(node.name(), to.get().name()),
        "move the master role to " + to.get().name(),
        "it is the master and its window drains it");
    return Next.does(
        "move the master role from " + node.name() + " to " + to.get().name() + " first");
  }

  private Next drain(Window w, MachineId m, Node node, List<JobSpec> jobs) {
    boolean forced = goingDown(m);
    if (!node.drained() && !node.offline()) {
      return startDrain(w, m, node, jobs, forced ? "DRAIN, going DOWN" : "DRAIN: drain again");
    }
    List<Instance> on = Consents.on(ctx.index, node.name());
    if (on.isEmpty()) {
      return forced ? goDown(m, node, jobs) : drained(w, m, node, jobs);
    }
    if (in.hold().isPresent() && !forced) {
      return Next.waits("DRAIN: moving its instances", in.hold().get());
    }
    return new InstanceMoves(ctx, evacuations, in, now, forced).plan(w, node, jobs);
  }

  /** A machine forced down with nothing left on it goes DOWN: its node offline. */
  private Next goDown(MachineId m, Node node, List<JobSpec> jobs) {
    return takeDown(
        m,
        node,
        jobs,
        "DRAIN, going DOWN: nothing left on it",
        "nothing is left on it; " + after.mode(m.hostname()).orElseThrow().reason());
  }

  /** Sets the drained machine's node offline, the machine DOWN for {@code why}; or why it waits. */
  private Next takeDown(MachineId m, Node node, List<JobSpec> jobs, String head, String why) {
    String owner = MachineUp.ownerOf(node.name());
    Optional<WaitReason> busy = busy(owner, node);
    if (busy.isPresent()) {
      return Next.waits(head, busy.get());
    }
    submit(
        jobs,
        owner,
        Operation.SetNodeFlags.offline(node.name()),
        "set " + node.name() + " offline",
        why);
    after = after.withMode(new MaintenanceMode(m.hostname(), MachineMode.DOWN, now, why));
    return Next.does("set " + node.name() + " offline: DOWN, " + why);
  }

  private Next drained(Window w, MachineId m, Node node, List<JobSpec> jobs) {
    if (!w.auto()) {
      return Next.does("DRAIN: no instance left; take it down with maintctl down " + m.hostname());
    }
    if (!w.started(now)) {
      return Next.because(
          new ScheduleWait.WindowNotStarted(w.start(), "DRAIN: drained; goes DOWN"));
    }
    if (w.ended(now)) {
      return backUp(
          w,
          m,
          node,
          jobs,
          "DRAIN: drained; its window ended at " + w.end().orElseThrow() + " before it went DOWN");
    }
    if (in.hold().isPresent()) {
      return Next.waits("DRAIN: drained; going DOWN", in.hold().get());
    }
    return takeDown(
        m, node, jobs, "DRAIN: drained; going DOWN", "its auto window started at " + w.start());
  }

  private Next down(Window w, MachineId m, Node node, List<JobSpec> jobs) {
    String since = "DOWN since " + after.mode(m.hostname()).orElseThrow().since();
    if (!w.auto()) {
      return Next.does(since + "; bring it up with maintctl up " + m.hostname());
    }
    if (w.end().isEmpty()) {
      return Next.does(
          since + "; its window has no end: bring it up with maintctl up " + m.hostname());
    }
    if (!w.ended(now)) {
      return Next.does(
          since + "; UP once its window ends at " + w.end().get() + " and it reports Ok");
    }
    return backUp(w, m, node, jobs, since + "; its window ended");
  }

  /**
   * Brings the machine of an {@code auto} window that ended back {@code UP} (online, undrained, out
   * of the schedule) once its node reports {@code Ok}: a window that ended is over, whether or not
   * the machine went {@code DOWN} in it.
   */
  private Next backUp(Window w, MachineId m, Node node, List<JobSpec> jobs, String head) {
    NodeSignal signal = in.signals().getOrDefault(node.name(), NodeSignal.unknown());
    if (signal.okSince().isEmpty()) {
      WaitReason why = new NotReady.NotOk(node.name(), signal.fault());
      return Next.told(head + ": " + why.text(), why);
    }
    if (in.hold().isPresent()) {
      return Next.waits(head + "; coming back UP", in.hold().get());
    }
    String owner = MachineUp.ownerOf(node.name());
    Optional<WaitReason> busy = busy(owner, node);
    if (busy.isPresent()) {
      return Next.waits(head + "; coming back UP", busy.get());
    }
    String why = "its auto window ended at " + w.end().orElseThrow() + " and it reports Ok";
    Operation back =
        new Operation.SetNodeFlags(node.name(), Optional.of(false), Optional.of(false));
    submit(jobs, owner, back, "bring " + node.name() + " back UP", why);
    after = after.withoutMachine(m.hostname(), node.name());
    return Next.does("bring " + node.name() + " back UP: " + why);
  }

  /**
   * Why the machine's node is not this schedule's to change now: a reboot request's cycle is under
   * way on it (its flags are the cycle's until it ends), or another job of this round has it.
   */
  private Optional<WaitReason> busy(String owner, Node node) {
    if (ctx.rebooting.contains(node.name())) {
      return Optional.of(
          new OtherWorkFirst.Busy("node " + node.name() + ", under a reboot request,", false));
    }
    if (!ctx.claims.nodeFree(owner, node.name())) {
      return Optional.of(new OtherWorkFirst.Busy("node " + node.name(), false));
    }
    return Optional.empty();
  }

  private void submit(List<JobSpec> jobs, String owner, Operation op, String what, String why) {
    String key = ctx.nextKey(owner);
    String text = "maintenance of " + op.nodes().get(0) + ": " + what + " (" + why + ")";
    JobSpec job = new JobSpec(key, owner, List.of(op), ReasonTrail.of(text, key, ctx.nowNanos));
    ctx.claims.claim(owner, job.nodes(), job.instances());
    jobs.add(job);
  }
}
