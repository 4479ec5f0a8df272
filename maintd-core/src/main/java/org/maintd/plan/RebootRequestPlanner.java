package org.maintd.plan;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.reboot.Action;
import org.maintd.reboot.CycleStep;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.NodeFacts;
import org.maintd.reboot.RebootCycle;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.reboot.RequestStatus;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.WaitReason;

/**
 * Moves every node's reboot cycle on by one pass ({@link RebootCycle}) on what the repairs left
 * free, and turns each cycle's action into a job owned by the cycle ({@code reboot:<id>}): a drain,
 * the moves of its instances, the master role's move, a reboot, a power-off or a power-on, its
 * offline or drained flag cleared. Taking a node out of service counts against the safety caps. A
 * node that left the cluster fails its requests; a node a campaign has started on waits for the
 * campaign (a forced request), as a campaign does not start on a node a request is under way on.
 * Not thread-safe: one per planning pass.
 */
final class RebootRequestPlanner {
  private final RoundContext ctx;
  private final EvacuationPlanner evacuations;
  private final Map<String, NodeSignal> signals;
  private final RebootCycle cycles;
  private final Instant now;
  private List<JobSpec> jobs = List.of();

  RebootRequestPlanner(
      RoundContext ctx,
      EvacuationPlanner evacuations,
      Map<String, NodeSignal> signals,
      RebootInput input,
      Instant now) {
    this.ctx = ctx;
    this.evacuations = evacuations;
    this.signals = signals;
    this.cycles = new RebootCycle(input.policy());
    this.now = now;
  }

  /**
   * The reboots after this round's pass; its jobs go to {@code jobs}, each node to {@code items}.
   */
  Reboots plan(
      Reboots reboots,
      Map<String, String> campaigns,
      List<JobSpec> roundJobs,
      List<PlanItem> items) {
    this.jobs = roundJobs;
    Reboots out = reboots;
    for (String name : reboots.busyNodes()) {
      Optional<Node> node = ctx.index.node(name);
      NodeCycle cycle = out.cycle(name, now);
      if (node.isEmpty()) {
        out = out.with(gone(cycle, out.activeOf(name)));
        continue;
      }
      if (campaigns.containsKey(name) && cycle.phase() == org.maintd.reboot.CyclePhase.IDLE) {
        WaitReason why = new OtherWorkFirst.CampaignFirst(campaigns.get(name));
        items.add(new PlanItem("reboot", name, Next.waits(why)));
        continue;
      }
      CycleStep step = step(node.get(), cycle, out.activeOf(name));
      out = out.with(step);
      items.add(new PlanItem("reboot", name, next(step)));
    }
    return out;
  }

  private CycleStep gone(NodeCycle cycle, List<RebootRequest> active) {
    String why = "node " + cycle.node() + " is no longer in the cluster";
    return new CycleStep(
        cycle,
        active.stream().map(r -> r.to(RequestStatus.FAILED, now, why)).toList(),
        Optional.empty(),
        why,
        Optional.empty());
  }

  private CycleStep step(Node n, NodeCycle cycle, List<RebootRequest> active) {
    CycleStep step = cycles.step(cycle, active, facts(n, cycle), now);
    if (step.action().isEmpty()) {
      return step;
    }
    String text = act(n, step.cycle(), step.action().get()).orElse(step.text());
    return new CycleStep(step.cycle(), step.requests(), step.action(), text, Optional.empty());
  }

  private NodeFacts facts(Node n, NodeCycle cycle) {
    NodeSignal s = signals.getOrDefault(n.name(), NodeSignal.unknown());
    Optional<CapacityWait.CapReached> cap =
        n.drained() || n.offline() ? Optional.empty() : ctx.unavailable.refusal(n);
    return new NodeFacts(
        n.drained(),
        n.offline(),
        n.master(),
        ctx.index.primariesOf(n.name()).size(),
        s.bootId(),
        !s.bootId().isEmpty() || s.okSince().isPresent(),
        s.reported(),
        !ctx.claims.nodeFree(claimer(cycle), n.name()),
        cap);
  }

  /** Submits the job of {@code a}; a sentence when it says more than the step (or cannot run). */
  private Optional<String> act(Node n, NodeCycle cycle, Action a) {
    String node = n.name();
    if (a instanceof Action.Evacuate) {
      Step step =
          evacuations.moveOff(
              claimer(cycle),
              n,
              ctx.index.primariesOf(node),
              List.of(),
              false,
              (ops, what) -> job(cycle, ops, what));
      jobs.addAll(step.jobs());
      return Optional.of(step.next().text());
    }
    if (a instanceof Action.FailoverMaster) {
      Optional<Node> to =
          MasterSuccessor.of(ctx, node, x -> ctx.claims.nodeFree(claimer(cycle), x.name()));
      if (to.isEmpty()) {
        return Optional.of("no online master candidate can take the master role");
      }
      submit(cycle, new Operation.FailoverMaster(node, to.get().name()), "move the master role");
      return Optional.empty();
    }
    if (a instanceof Action.Drain || a instanceof Action.Reboot || a instanceof Action.PowerOff) {
      if (!n.drained() && !n.offline()) {
        ctx.unavailable.takeDown(n);
      }
    }
    submit(cycle, operation(node, a), describe(a));
    return Optional.empty();
  }

  private static Operation operation(String node, Action a) {
    if (a instanceof Action.Drain) {
      return Operation.SetNodeFlags.drain(node);
    }
    if (a instanceof Action.Reboot r) {
      return new Operation.RebootNode(node, r.mode() == RebootMode.HARD);
    }
    if (a instanceof Action.PowerOff p) {
      return new Operation.PowerNode(node, false, p.mode() == RebootMode.HARD);
    }
    if (a instanceof Action.PowerOn) {
      return new Operation.PowerNode(node, true, true);
    }
    if (a instanceof Action.SetOffline o) {
      return new Operation.SetNodeFlags(node, Optional.empty(), Optional.of(o.offline()));
    }
    if (a instanceof Action.Undrain) {
      return new Operation.SetNodeFlags(node, Optional.of(false), Optional.empty());
    }
    throw new IllegalArgumentException("no operation for the reboot action " + a);
  }

  private static String describe(Action a) {
    return a.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
  }

  private void submit(NodeCycle cycle, Operation op, String what) {
    JobSpec job = job(cycle, List.of(op), what);
    ctx.claims.claim(claimer(cycle), job.nodes(), job.instances());
    jobs.add(job);
  }

  private JobSpec job(NodeCycle cycle, List<Operation> ops, String what) {
    String key = ctx.nextKey(cycle.owner());
    String text = "reboot request " + cycle.id() + " of " + cycle.node() + ": " + what;
    return new JobSpec(key, cycle.owner(), ops, ReasonTrail.of(text, key, ctx.nowNanos));
  }

  private static String claimer(NodeCycle cycle) {
    return cycle.owner() + ":" + cycle.node();
  }

  /** What happens to the node next: the step's, or that it waits for the safety cap. */
  private static Next next(CycleStep step) {
    return step.capped().map(Next::waits).orElseGet(() -> Next.does(step.text()));
  }
}
