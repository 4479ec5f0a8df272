package org.maintd.plan;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.harep.HarepOwner;
import org.maintd.harep.HarepTagException;
import org.maintd.harep.RepairNeed;
import org.maintd.harep.RepairPolicies;
import org.maintd.harep.RepairPolicy;
import org.maintd.harep.RepairResult;
import org.maintd.harep.RepairState;
import org.maintd.harep.RepairTag;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.wait.NotReady;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.WaitReason;

/**
 * Plans instance repairs after the incidents of the round, on what they left free: for every broken
 * instance whose state is healthy and whose policy allows the repair, one job, or, while it waits
 * for room, a pending tag that records the repair decided; too low a policy gives an {@code
 * enoperm} result tag instead; expired suspensions are removed. A pending repair whose jobs have
 * all ended (a one-off asked by an external tool with a pending tag of no jobs among them) takes
 * its next step, whatever the policy says unless it is suspended, up to the pending tag's type.
 * Instances on nodes with an active incident are left to the incident. Two jobs never share an
 * online node or an instance; offline nodes, which do no work, may appear in several repairs of one
 * round. Not thread-safe.
 */
final class HarepPlanner {
  private final RoundContext ctx;
  private final RepairPlacer placer;
  private final Instant now;
  private final Set<String> succeededJobs;

  /** {@code succeededJobs}: the ids of the jobs known to have ended with success. */
  HarepPlanner(RoundContext ctx, Instant now, Set<String> succeededJobs) {
    this.ctx = ctx;
    this.placer = new RepairPlacer(ctx);
    this.now = now;
    this.succeededJobs = succeededJobs;
  }

  void plan(List<JobSpec> jobs, List<TagChange> tags, List<PlanItem> items) {
    RepairPolicies policies = new RepairPolicies(ctx.cluster, ctx.index, now);
    for (RepairPolicies.Expired e : policies.expired()) {
      tags.add(new TagChange(e.object(), List.of(), e.tags(), "auto-repair suspension expired"));
    }
    for (Instance inst : ctx.cluster.instances()) {
      RepairState state;
      try {
        state = RepairState.of(inst.name(), inst.tags());
      } catch (HarepTagException e) {
        items.add(item(inst, "not repaired: " + e.getMessage()));
        continue;
      }
      if (state instanceof RepairState.Pending p) {
        if (!succeededJobs.containsAll(p.tag().jobs())) {
          items.add(
              repairItem(inst, p.tag(), "pending: jobs " + String.join(", ", p.tag().jobs())));
        } else {
          proceed(inst, p, policies.of(inst), jobs, tags, items);
        }
        continue;
      }
      if (state instanceof RepairState.Failed f) {
        items.add(
            repairItem(inst, f.tag(), "failed: no repair until tag " + f.raw() + " is removed"));
        continue;
      }
      Optional<RepairNeed> need = RepairNeed.of(ctx.index, inst);
      if (need.isPresent()) {
        consider(
            inst, (RepairState.Healthy) state, need.get(), policies.of(inst), jobs, tags, items);
      }
    }
  }

  private void consider(
      Instance inst,
      RepairState.Healthy state,
      RepairNeed need,
      RepairPolicy policy,
      List<JobSpec> jobs,
      List<TagChange> tags,
      List<PlanItem> items) {
    String broken = need.problem() + ", needs " + need.type().wireName();
    if (policy instanceof RepairPolicy.NotEnabled) {
      items.add(item(inst, broken + "; not repaired: auto-repair is not enabled for it"));
      return;
    }
    if (policy instanceof RepairPolicy.Suspended s) {
      items.add(
          item(
              inst,
              broken
                  + "; not repaired: auto-repair is suspended "
                  + s.until()
                      .map(t -> "until " + t.getEpochSecond())
                      .orElse("without a time limit")));
      return;
    }
    RepairPolicy.Enabled enabled = (RepairPolicy.Enabled) policy;
    if (need.type().compareTo(enabled.max()) > 0) {
      enoperm(inst, state, need, enabled, tags, items);
      return;
    }
    Optional<Next> held = heldByAnIncident(inst);
    if (held.isPresent()) {
      items.add(item(inst, broken, held.get()));
      return;
    }
    HarepOwner owner = new HarepOwner(inst.name(), need.type(), repairId(inst));
    int mark = ctx.capacity.mark();
    RepairPlacer.Placement placement = placer.place(owner.text(), inst, need);
    if (placement.ops().isEmpty()) {
      ctx.capacity.giveBack(mark);
      RepairTag pending =
          RepairTag.pending(need.type(), owner.repairId(), now.getEpochSecond(), List.of());
      List<String> remove = state.last().isPresent() ? List.of(state.raw()) : List.of();
      tags.add(
          new TagChange(
              TaggedObject.instance(inst.name()),
              List.of(pending.text()),
              remove,
              "repair " + need.type().wireName() + " decided; " + placement.why().get().text()));
      items.add(item(inst, broken, placement.why().get()));
      return;
    }
    items.add(item(inst, broken, submit(owner, inst, need, placement.ops(), jobs, mark)));
  }

  /**
   * The next step of a pending repair whose jobs have all succeeded (none, for a one-off asked by
   * an external tool, or one decided while it waited for room): the instance is still broken, or
   * the round's close would have written its result. It is repaired up to the pending tag's type,
   * whatever the policy allows, unless auto-repair is suspended for it; a repair beyond that type
   * ends the pending one with {@code enoperm}.
   */
  private void proceed(
      Instance inst,
      RepairState.Pending p,
      RepairPolicy policy,
      List<JobSpec> jobs,
      List<TagChange> tags,
      List<PlanItem> items) {
    String head = "repair " + p.tag().type().wireName() + " pending";
    Optional<RepairNeed> need = RepairNeed.of(ctx.index, inst);
    if (need.isEmpty()) {
      WaitReason why = new NotReady.InstanceNotSettled(inst.status().name());
      items.add(new PlanItem("instance", inst.name(), Next.waits(head, why)));
      return;
    }
    String broken = head + "; " + need.get().problem() + ", needs " + need.get().type().wireName();
    if (policy instanceof RepairPolicy.Suspended) {
      items.add(item(inst, broken + "; not continued: auto-repair is suspended"));
      return;
    }
    if (need.get().type().compareTo(p.tag().type()) > 0) {
      String why =
          broken
              + "; not repaired: the pending repair allows up to "
              + p.tag().type().wireName()
              + " (enoperm)";
      RepairTag result = p.tag().ended(RepairResult.ENOPERM, now.getEpochSecond());
      tags.add(
          new TagChange(
              TaggedObject.instance(inst.name()), List.of(result.text()), List.of(p.raw()), why));
      items.add(item(inst, why));
      return;
    }
    Optional<Next> held = heldByAnIncident(inst);
    if (held.isPresent()) {
      items.add(item(inst, broken, held.get()));
      return;
    }
    HarepOwner owner = new HarepOwner(inst.name(), need.get().type(), p.tag().id());
    int mark = ctx.capacity.mark();
    RepairPlacer.Placement placement = placer.place(owner.text(), inst, need.get());
    if (placement.ops().isEmpty()) {
      ctx.capacity.giveBack(mark);
    }
    Next outcome =
        placement.ops().isEmpty()
            ? placement.why().get()
            : submit(owner, inst, need.get(), placement.ops(), jobs, mark);
    items.add(item(inst, broken, outcome));
  }

  /**
   * The repair's job, or why it waits when its nodes or its instance are busy this round; a repair
   * that waits gives back the room its placement took since {@code mark}.
   */
  private Next submit(
      HarepOwner owner,
      Instance inst,
      RepairNeed need,
      List<Operation> ops,
      List<JobSpec> jobs,
      int mark) {
    String key = ctx.nextKey(owner.text());
    String text =
        "harep "
            + need.type().wireName()
            + " repair of instance "
            + inst.name()
            + ": "
            + need.problem();
    JobSpec job = new JobSpec(key, owner.text(), ops, ReasonTrail.of(text, key, ctx.nowNanos));
    // Offline nodes do no work in a repair (its old primary or secondary): repairs of the
    // instances of one dead node run side by side.
    List<String> working =
        job.nodes().stream()
            .filter(n -> ctx.index.node(n).map(x -> !x.offline()).orElse(false))
            .toList();
    if (!ctx.claims.instanceFree(inst.name()) || !ctx.claims.nodesFree(owner.text(), working)) {
      ctx.capacity.giveBack(mark);
      WaitReason busy = new OtherWorkFirst.Busy("its nodes or the instance", true);
      return Next.waits(busy);
    }
    ctx.claims.claim(owner.text(), working, job.instances());
    jobs.add(job);
    return Next.does(
        "repair: " + ops.stream().map(Operation::kind).reduce((a, b) -> a + ", " + b).orElse(""));
  }

  private void enoperm(
      Instance inst,
      RepairState.Healthy state,
      RepairNeed need,
      RepairPolicy.Enabled enabled,
      List<TagChange> tags,
      List<PlanItem> items) {
    String why =
        need.problem()
            + ", needs "
            + need.type().wireName()
            + "; not repaired: only repairs up to "
            + enabled.max().wireName()
            + " are allowed (enoperm)";
    items.add(item(inst, why));
    boolean recorded =
        state
            .last()
            .map(t -> t.result().orElse(null) == RepairResult.ENOPERM && t.type() == need.type())
            .orElse(false);
    if (recorded) {
      return;
    }
    RepairTag tag =
        new RepairTag(
            need.type(),
            repairId(inst),
            now.getEpochSecond(),
            Optional.of(RepairResult.ENOPERM),
            List.of());
    List<String> remove = state.last().isPresent() ? List.of(state.raw()) : List.of();
    tags.add(new TagChange(TaggedObject.instance(inst.name()), List.of(tag.text()), remove, why));
  }

  /**
   * Why the repair waits when an online node of the instance has an active incident, which handles
   * its instances.
   */
  private Optional<Next> heldByAnIncident(Instance inst) {
    return Stream.of(inst.primary(), inst.secondary())
        .filter(
            node ->
                !node.isEmpty()
                    && ctx.excludedTargets.contains(node)
                    && ctx.index.node(node).map(n -> !n.offline()).orElse(false))
        .findFirst()
        .map(OtherWorkFirst.NodeHasIncident::new)
        .map(Next::waits);
  }

  private String repairId(Instance inst) {
    return UUID.nameUUIDFromBytes(
            ("harep " + inst.name() + " " + ctx.round + " " + ctx.nowNanos)
                .getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  /** "repair TYPE WHAT": where the repair {@code tag} records stands. */
  private static PlanItem repairItem(Instance inst, RepairTag tag, String what) {
    return item(inst, "repair " + tag.type().wireName() + " " + what);
  }

  private static PlanItem item(Instance inst, String next) {
    return new PlanItem("instance", inst.name(), Next.does(next));
  }

  /** {@code head}, then what happens next, which may be a wait. */
  private static PlanItem item(Instance inst, String head, Next next) {
    return new PlanItem("instance", inst.name(), new Next(head + "; " + next.text(), next.waits()));
  }
}
