package org.maintd.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.NotReady;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.WaitReason;

/**
 * Plans the next step of evacuating a node: move the master role off it if it is the master; drain
 * it; move every primary instance off (live migration, or failover for {@code evacuate-failover}
 * and for instances that are not running; non-redundant instances are copied), as many per round as
 * targets have room for, one job per target; replace DRBD secondaries on it; mark it offline; then
 * it is complete. Not thread-safe.
 */
final class EvacuationPlanner {
  private final RoundContext ctx;
  private final TargetChooser chooser;
  private final List<String> compromises = new ArrayList<>();

  EvacuationPlanner(RoundContext ctx) {
    this.ctx = ctx;
    this.chooser = new TargetChooser(ctx);
  }

  Step plan(Incident incident) {
    String owner = incident.uuid().toString();
    Optional<Node> found = ctx.index.node(incident.node());
    if (found.isEmpty()) {
      return Step.waiting(new NotReady.NodeMissing(incident.node()));
    }
    Node node = found.get();
    if (!ctx.claims.nodeFree(owner, node.name())) {
      return Step.waiting(new OtherWorkFirst.Busy("node " + node.name(), false));
    }
    if (node.master()) {
      return masterFailover(incident, node);
    }
    if (!node.drained() && !node.offline()) {
      Optional<CapacityWait.CapReached> capped = ctx.unavailable.refusal(node);
      if (capped.isPresent()) {
        return Step.waiting(Next.waits(capped.get()));
      }
      ctx.unavailable.takeDown(node);
      return single(incident, Operation.SetNodeFlags.drain(node.name()), "drain " + node.name());
    }
    List<Instance> primaries = ctx.index.primariesOf(node.name());
    List<Instance> secondaries = ctx.index.secondariesOf(node.name());
    if (!primaries.isEmpty() || !secondaries.isEmpty()) {
      return moves(incident, node, primaries, secondaries);
    }
    if (!node.offline()) {
      return single(
          incident, Operation.SetNodeFlags.offline(node.name()), "set " + node.name() + " offline");
    }
    return Step.done("node " + node.name() + " evacuated and offline");
  }

  /**
   * The master's own evacuation starts by moving the master role to a candidate, as a campaign does
   * before it reboots the master; the daemon follows the role (or the one on the new master takes
   * over) and goes on with the evacuation.
   */
  private Step masterFailover(Incident incident, Node node) {
    Optional<Node> to =
        MasterSuccessor.of(
            ctx, node.name(), x -> ctx.claims.nodeFree(incident.uuid().toString(), x.name()));
    if (to.isEmpty()) {
      return Step.waiting(new NotReady.NoMasterCandidate(node.name()));
    }
    return single(
        incident,
        new Operation.FailoverMaster(node.name(), to.get().name()),
        "move the master role from " + node.name() + " to " + to.get().name() + " first");
  }

  private Step single(Incident incident, Operation op, String what) {
    JobSpec job = job(incident, List.of(op), what);
    ctx.claims.claim(job.owner(), job.nodes(), job.instances());
    return new Step(List.of(job), false, what);
  }

  private Step moves(
      Incident incident, Node node, List<Instance> primaries, List<Instance> secondaries) {
    boolean failover = incident.diagnosis().status() == DiagnoseStatus.EVACUATE_FAILOVER;
    return moveOff(
        incident.uuid().toString(),
        node,
        primaries,
        secondaries,
        failover,
        (ops, what) -> job(incident, ops, what));
  }

  /**
   * Jobs for {@code owner} that move {@code primaries} and {@code secondaries} off {@code node}, as
   * many as targets have room for, one job per target, named by {@code jobs}. Also used by
   * campaigns to empty a node before its reboot.
   */
  Step moveOff(
      String owner,
      Node node,
      List<Instance> primaries,
      List<Instance> secondaries,
      boolean failover,
      JobMaker jobs) {
    Batch batch = new Batch(owner, new LinkedHashMap<>(), new ArrayList<>());
    Map<String, List<Operation>> byTarget = batch.byTarget();
    List<String> waits = batch.waits();
    for (Instance inst : primaries) {
      if (free(inst, waits)) {
        placePrimary(batch, node, inst, failover);
      }
    }
    for (Instance inst : secondaries) {
      if (free(inst, waits)) {
        placeSecondary(batch, node, inst);
      }
    }
    List<JobSpec> planned = new ArrayList<>();
    byTarget.forEach((target, ops) -> planned.add(jobs.job(ops, describe(node, target, ops))));
    planned.forEach(j -> ctx.claims.claim(owner, j.nodes(), j.instances()));
    String next = summary(node, primaries.size() + secondaries.size(), planned, waits);
    if (!compromises.isEmpty()) {
      next += "; compromises: " + String.join("; ", compromises);
      compromises.clear();
    }
    return new Step(planned, false, next);
  }

  /** Makes a job of operations and a description, with its owner's key and reason trail. */
  interface JobMaker {
    JobSpec job(List<Operation> ops, String what);
  }

  /** Whether no other job of the round holds {@code inst}; if one does, it waits, and says so. */
  private boolean free(Instance inst, List<String> waits) {
    if (ctx.claims.instanceFree(inst.name())) {
      return true;
    }
    waits.add(inst.name() + ": busy with another job");
    return false;
  }

  private void placePrimary(Batch b, Node node, Instance inst, boolean failover) {
    Capacity.Need need = Moves.primaryNeed(inst);
    if (inst.diskTemplate().mobility() == Mobility.INTERNALLY_MIRRORED) {
      placeOnSecondary(b, inst, failover, need);
      return;
    }
    Optional<TargetChooser.Choice> target =
        chooser.choose(b.owner(), node.group(), node.name(), need, inst, null);
    if (target.isEmpty()) {
      b.waits()
          .add(
              noRoom(
                  inst,
                  node.group(),
                  "node in the group has room ("
                      + need.memory()
                      + " MiB memory, "
                      + need.disk()
                      + " MiB disk)"));
      return;
    }
    String t = target.get().node().name();
    note(inst, target.get());
    add(b.byTarget(), t, Moves.primary(inst, node.name(), t, failover), need, inst, null);
  }

  private void placeOnSecondary(Batch b, Instance inst, boolean failover, Capacity.Need need) {
    Node secondary = ctx.index.node(inst.secondary()).orElseThrow();
    Optional<WaitReason> refusal = chooser.refusal(b.owner(), secondary);
    if (refusal.isPresent() && ctx.claims.nodeFree(b.owner(), secondary.name())) {
      // The secondary cannot take the instance (offline, drained, or it has its own incident):
      // give the instance a new secondary first; it migrates there in a later round. Waiting for
      // the secondary instead could wait forever on an incident that waits for this one.
      rehomeSecondary(b, inst, secondary, refusal.get());
      return;
    }
    Optional<WaitReason> shortfall =
        refusal.or(
            () -> ctx.capacity.shortfall(secondary.name(), need).map(WaitReason.class::cast));
    if (shortfall.isPresent()) {
      b.waits().add(inst.name() + ": its secondary " + shortfall.get().text());
      return;
    }
    Operation op = Moves.takeOver(inst, inst.primary(), secondary.name(), failover);
    add(b.byTarget(), secondary.name(), op, need, inst, null);
  }

  private void rehomeSecondary(Batch b, Instance inst, Node secondary, WaitReason refusal) {
    Capacity.Need need = Moves.secondaryNeed(inst);
    Optional<TargetChooser.Choice> target =
        chooser.choose(b.owner(), secondary.group(), inst.primary(), need, inst, inst.primary());
    if (target.isEmpty()) {
      b.waits()
          .add(
              inst.name()
                  + ": its secondary "
                  + refusal.text()
                  + ", and "
                  + new CapacityWait.NoTarget(
                          "node in the group has " + inst.disk() + " MiB disk for a new secondary",
                          ctx.ruledOutIn(secondary.group()))
                      .text());
      return;
    }
    String t = target.get().node().name();
    note(inst, target.get());
    add(b.byTarget(), t, Moves.secondary(inst, secondary.name(), t), need, inst, inst.primary());
    ctx.claims.claim(b.owner(), List.of(secondary.name()), List.of());
  }

  private void placeSecondary(Batch b, Node node, Instance inst) {
    if (!ctx.claims.nodeFree(b.owner(), inst.primary())) {
      b.waits().add(inst.name() + ": its primary " + inst.primary() + " is busy with another job");
      return;
    }
    Capacity.Need need = Moves.secondaryNeed(inst);
    Node primary = ctx.index.node(inst.primary()).orElseThrow();
    Optional<TargetChooser.Choice> target =
        chooser.choose(b.owner(), primary.group(), primary.name(), need, inst, primary.name());
    if (target.isEmpty()) {
      b.waits()
          .add(
              noRoom(
                  inst,
                  primary.group(),
                  "node in the group has " + inst.disk() + " MiB disk for a new secondary"));
      return;
    }
    String t = target.get().node().name();
    note(inst, target.get());
    add(b.byTarget(), t, Moves.secondary(inst, node.name(), t), need, inst, primary.name());
    ctx.claims.claim(b.owner(), List.of(inst.primary()), List.of());
  }

  /** Why {@code inst} waits when no node of {@code group} has room: the nodes ruled out named. */
  private String noRoom(Instance inst, String group, String need) {
    return inst.name() + ": " + new CapacityWait.NoTarget(need, ctx.ruledOutIn(group)).text();
  }

  private void add(
      Map<String, List<Operation>> byTarget,
      String target,
      Operation op,
      Capacity.Need need,
      Instance inst,
      String secondaryOf) {
    chooser.placed(target, need, inst, secondaryOf);
    byTarget.computeIfAbsent(target, t -> new ArrayList<>()).add(op);
  }

  /** The jobs of one move off a node being put together: by target, and why instances wait. */
  private record Batch(String owner, Map<String, List<Operation>> byTarget, List<String> waits) {}

  /** Remembers a placement that breaks N+1 or an exclusion tag because nothing better had room. */
  private void note(Instance inst, TargetChooser.Choice choice) {
    choice
        .compromise()
        .ifPresent(
            c ->
                compromises.add(
                    inst.name()
                        + " to "
                        + choice.node().name()
                        + " although "
                        + c.text()
                        + ": no other node has room"));
  }

  private JobSpec job(Incident incident, List<Operation> ops, String what) {
    String owner = incident.uuid().toString();
    String key = ctx.nextKey(owner);
    String text =
        "incident "
            + owner
            + " ("
            + incident.diagnosis().status().wireName()
            + " "
            + incident.node()
            + "): "
            + what;
    return new JobSpec(key, owner, ops, ReasonTrail.of(text, key, ctx.nowNanos));
  }

  private static String describe(Node node, String target, List<Operation> ops) {
    List<String> parts = new ArrayList<>();
    ops.forEach(op -> parts.add(op.kind() + " " + op.instances().get(0)));
    return String.join(", ", parts) + " from " + node.name() + " to " + target;
  }

  private static String summary(Node node, int total, List<JobSpec> jobs, List<String> waits) {
    int moving = jobs.stream().mapToInt(j -> j.operations().size()).sum();
    String head = "move " + moving + " of " + total + " instances off " + node.name();
    return waits.isEmpty() ? head : head + "; waiting: " + String.join("; ", waits);
  }
}
