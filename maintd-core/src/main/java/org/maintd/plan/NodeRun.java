package org.maintd.plan;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Home;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSignal;
import org.maintd.campaign.RebootKind;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.plan.RebootWatch.Verdict;

/**
 * One node's run through a campaign in one planning pass: master role moved away (master only),
 * drained, emptied, rebooted, back with a new boot id, {@code Ok} for the soak time, undrained,
 * instances moved back home. Each phase's step says what it came to ({@link NodeStep}); phases that
 * need no job follow each other at once. A stopping campaign skips a node not yet started and
 * brings back one not yet rebooted. While planned work is held, a node not yet rebooted takes no
 * new step (it does not start, its master role does not move, it is not drained, no instance is
 * moved off, it is not rebooted): it stays where it is, a safe point, until the guard lets it go
 * on; a node rebooted already runs to its end (watched back, hard-rebooted if that is due,
 * undrained, its instances moved home), which gives the cluster back what the campaign took. Not
 * thread-safe: one per node and planning pass.
 */
final class NodeRun {
  /**
   * What the runs of one planning pass share: the round, the planner that empties nodes, what the
   * collectors last said, the hard-reboot fall-back (zero: none) and now.
   */
  record Pass(
      RoundContext ctx,
      EvacuationPlanner evacuations,
      Map<String, NodeSignal> signals,
      Duration hardRebootAfter,
      Instant now) {}

  private static final NodeStep ADVANCED = new NodeStep.Advanced();
  private static final NodeStep FINISHED = new NodeStep.Finished();
  private static final int PHASES = NodePhase.values().length;
  private static final String STOPPING = "the campaign is stopping";
  private static final String BUSY = "busy with another job this round";
  private static final String REPAIRS_FIRST = "has an active incident; repairs come first";

  private final RoundContext ctx;
  private final EvacuationPlanner evacuations;
  private final NodeSignal signal;
  private final Duration hardRebootAfter;
  private final Instant now;
  private final String node;
  private final CampaignJobs jobs;
  private Campaign campaign;

  /** The run of {@code node} in {@code campaign}; its jobs are added to {@code jobs}. */
  NodeRun(Pass pass, Campaign campaign, String node, List<JobSpec> jobs) {
    this.ctx = pass.ctx();
    this.evacuations = pass.evacuations();
    this.signal = pass.signals().getOrDefault(node, NodeSignal.unknown());
    this.hardRebootAfter = pass.hardRebootAfter();
    this.now = pass.now();
    this.node = node;
    this.jobs = new CampaignJobs(ctx, campaign, node, jobs);
    this.campaign = campaign;
  }

  /** Done or skipped: the node's run is over. */
  static boolean finished(NodePhase phase) {
    return phase == NodePhase.DONE || phase == NodePhase.SKIPPED;
  }

  /** The campaign as this run has left it so far. */
  Campaign campaign() {
    return campaign;
  }

  /**
   * Takes the node as far as it goes this pass: what it came to last is that it waits, that it
   * stopped the campaign (it is skipped), or that it is through.
   */
  NodeStep advance() {
    NodeStep step = ADVANCED;
    for (int guard = 0; step instanceof NodeStep.Advanced && guard <= PHASES; guard++) {
      step = step();
    }
    if (step instanceof NodeStep.Failed failed) {
      fail(failed.reason());
      skip(failed.reason());
    }
    return step;
  }

  private NodeStep step() {
    if (finished(progress().phase())) {
      return FINISHED;
    }
    Optional<Node> found = ctx.index.node(node);
    if (found.isEmpty()) {
      fail("node " + node + " is no longer in the cluster");
      return skip("no longer in the cluster");
    }
    return step(found.get(), campaign.status().isStopping());
  }

  private NodeStep step(Node n, boolean stopping) {
    return switch (progress().phase()) {
      case WAITING -> stopping ? skip(STOPPING) : held("its start").orElseGet(() -> start(n));
      case MASTER_FAILOVER -> stopping ? skip(STOPPING) : failoverMaster(n);
      case DRAIN -> stopping ? notRebooted() : drain(n);
      case EVACUATE -> stopping ? notRebooted() : evacuate(n);
      case REBOOT -> stopping ? notRebooted() : reboot();
      case BOOT, SOAK -> watchReboot(n);
      case UNDRAIN -> undrain(n);
      case RETURN -> returnHome();
      case DONE, SKIPPED -> FINISHED;
    };
  }

  private NodeStep start(Node n) {
    if (ctx.excludedTargets.contains(node) && !n.drained()) {
      return waits(REPAIRS_FIRST);
    }
    if (ctx.rebooting.contains(node)) {
      return waits("a reboot request is under way on it; it goes first");
    }
    return begin(n);
  }

  private NodeStep begin(Node n) {
    if (n.master()) {
      return moveOn(
          NodePhase.MASTER_FAILOVER, "is the master: the role moves to a master candidate first");
    }
    List<Home> homes = MoveBack.homes(campaign, ctx.cluster, node);
    campaign = campaign.withHomes(homes).withNode(progress().withWasDrained(n.drained()));
    return moveOn(NodePhase.DRAIN, "started");
  }

  private NodeStep failoverMaster(Node n) {
    if (!n.master()) {
      return begin(n);
    }
    Optional<NodeStep> held = held("the master role moves");
    if (held.isPresent()) {
      return held.get();
    }
    Optional<Node> candidate =
        MasterSuccessor.of(
            ctx, node, x -> !campaign.currentGroup().contains(x.name()) && jobs.free(x.name()));
    if (candidate.isEmpty()) {
      return waits("no online master candidate can take the master role");
    }
    if (!jobs.free(node)) {
      return waits(BUSY);
    }
    String to = candidate.get().name();
    jobs.submit(
        new Operation.FailoverMaster(node, to), "move the master role from " + node + " to " + to);
    return waits("the master role moves to " + to + "; the daemon there goes on");
  }

  private NodeStep drain(Node n) {
    if (n.drained()) {
      return moveOn(NodePhase.EVACUATE, "drained");
    }
    Optional<NodeStep> held = held("its drain");
    if (held.isPresent()) {
      return held.get();
    }
    if (ctx.excludedTargets.contains(node)) {
      return waits(REPAIRS_FIRST);
    }
    if (!jobs.free(node)) {
      return waits(BUSY);
    }
    var capped = ctx.unavailable.refusal(n);
    if (capped.isPresent()) {
      return waits(capped.get().waits());
    }
    ctx.unavailable.takeDown(n);
    jobs.submit(Operation.SetNodeFlags.drain(node), "drain " + node + " for its reboot");
    return waits("draining");
  }

  private NodeStep evacuate(Node n) {
    List<Instance> primaries = ctx.index.primariesOf(node);
    List<Instance> secondaries =
        campaign.spec().mode() == CampaignMode.FULL_EVACUATION
            ? ctx.index.secondariesOf(node)
            : List.of();
    if (primaries.isEmpty() && secondaries.isEmpty()) {
      return moveOn(NodePhase.REBOOT, "empty");
    }
    Optional<NodeStep> held = held("moving its instances off");
    if (held.isPresent()) {
      return held.get();
    }
    return waits(jobs.moveOff(evacuations, n, primaries, secondaries));
  }

  private NodeStep notRebooted() {
    return moveOn(NodePhase.UNDRAIN, "not rebooted: the campaign is stopping");
  }

  private NodeStep reboot() {
    Optional<NodeStep> held = held("its reboot");
    if (held.isPresent()) {
      return held.get();
    }
    if (!jobs.free(node)) {
      return waits(BUSY);
    }
    String bootId = signal.bootId();
    jobs.submit(new Operation.RebootNode(node), "reboot " + node);
    campaign = campaign.withNode(progress().withBootId(bootId));
    move(NodePhase.BOOT, now, "rebooting (boot id before: " + RebootWatch.known(bootId) + ")");
    return waits("rebooting");
  }

  private NodeStep watchReboot(Node n) {
    RebootWatch.Times times =
        new RebootWatch.Times(
            campaign.spec().soak(), campaign.spec().bootTimeout(), hardRebootAfter);
    Verdict v = RebootWatch.watch(progress(), signal, n.offline(), times, now);
    if (v instanceof Verdict.Back back) {
      move(NodePhase.SOAK, back.since(), back.text());
      return waits(back.soaking());
    }
    if (v instanceof Verdict.SoakRestarted restarted) {
      campaign = campaign.withNode(progress().to(NodePhase.SOAK, restarted.since()));
      return waits(v.text());
    }
    if (v instanceof Verdict.Refused || v instanceof Verdict.Soaked) {
      return moveOn(NodePhase.UNDRAIN, v.text());
    }
    if (v instanceof Verdict.Faulty || v instanceof Verdict.TimedOut) {
      return new NodeStep.Failed(v.text());
    }
    if (v instanceof Verdict.HardRebootDue) {
      return hardReboot(v.text());
    }
    return waits(v.text());
  }

  private NodeStep hardReboot(String reason) {
    if (!jobs.free(node)) {
      return waits("a hard reboot is due; " + BUSY);
    }
    jobs.submit(new Operation.RebootNode(node, true), "hard reboot of " + node + ": " + reason);
    NodeProgress hard = progress().withReboot(RebootKind.HARD).withBootId(bootIdBeforeHard());
    campaign =
        campaign
            .withNode(hard.to(NodePhase.BOOT, now))
            .event(now, node + ":hard-reboot", reason + "; power-cycled through the cluster");
    return waits("power-cycled through the cluster");
  }

  /**
   * The boot id a new one after the hard reboot must differ from: the one from before the soft
   * reboot, or, when that was unknown (the node did not answer then), the one it reports now.
   */
  private String bootIdBeforeHard() {
    return progress().bootId().isEmpty() ? signal.bootId() : progress().bootId();
  }

  private NodeStep undrain(Node n) {
    if (progress().wasDrained()) {
      return moveOn(NodePhase.RETURN, "left drained: it was drained before the campaign");
    }
    if (!n.drained()) {
      return moveOn(NodePhase.RETURN, "undrained");
    }
    if (!jobs.free(node)) {
      return waits(BUSY);
    }
    jobs.submit(
        new Operation.SetNodeFlags(node, Optional.of(false), Optional.empty()),
        "undrain " + node + " after its reboot");
    return waits("undraining");
  }

  private NodeStep returnHome() {
    MoveBack.Homecoming home = new MoveBack(ctx, jobs, node, now).plan(campaign);
    campaign = home.campaign();
    if (home instanceof MoveBack.Homecoming.Settled) {
      return moveOn(NodePhase.DONE, home.text());
    }
    return waits(home.text());
  }

  private NodeProgress progress() {
    return campaign.progress(node);
  }

  /** The node waits before {@code what} while planned work is held; empty when it may go on. */
  private Optional<NodeStep> held(String what) {
    return ctx.plannedWorkHeld.map(why -> waits("held before " + what + ": " + why.text()));
  }

  private static NodeStep waits(String reason) {
    return new NodeStep.Waits(reason);
  }

  private NodeStep moveOn(NodePhase next, String why) {
    move(next, now, why);
    return ADVANCED;
  }

  private void move(NodePhase next, Instant since, String why) {
    campaign =
        campaign.withNode(progress().to(next, since)).event(now, node + ":" + next.wireName(), why);
  }

  private NodeStep skip(String why) {
    return moveOn(NodePhase.SKIPPED, why);
  }

  private void fail(String reason) {
    if (!campaign.status().isStopping()) {
      campaign = campaign.withStatus(CampaignStatus.FAILING, reason).event(now, "failing", reason);
    }
  }
}
