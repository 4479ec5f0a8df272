package org.maintd.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.maintd.balance.BalanceMove;
import org.maintd.balance.BalanceOptions;
import org.maintd.balance.Balancer;
import org.maintd.balance.Load;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.wait.WaitReason;

/**
 * Balancing moves, last in a round, on what repairs and maintenance left free: per node group, as
 * many moves as the balancer finds that the options allow (hbal's switches) and whose gain their
 * rule accepts, and that touch no node or instance another job of the round has, no node with an
 * active incident, and no node whose repair failed (its instances stay, nothing moves onto it,
 * until the operator acknowledges the failure). The balancer only ranks moves: where an instance
 * may go is decided by the same placement rules as evacuations and instance repairs ({@link
 * TargetChooser} and {@link Capacity}: room in memory, disk and vcpus, no excluded node, no N+1
 * failure, no exclusion-tag clash). One job per move, owned by {@code balance:<instance>}. With
 * {@code searchTries}, a group where no move gains enough gets the first move of a path that ends
 * lower, if one is found in that many trials; the next rounds follow it. Not thread-safe.
 */
final class BalancePlanner {
  static final String OWNER = "balance:";

  private final RoundContext ctx;
  private final TargetChooser chooser;
  private final BalanceOptions options;
  private final Set<String> failedRepairs;
  private final Load.Checked load;

  /** Balancing as {@code options} allow, never touching the nodes of {@code failedRepairs}. */
  BalancePlanner(RoundContext ctx, BalanceOptions options, Set<String> failedRepairs) {
    this(ctx, options, failedRepairs, Load.none());
  }

  /** The same, weighing the instances' measured {@code load} where every node has it. */
  BalancePlanner(RoundContext ctx, BalanceOptions options, Set<String> failedRepairs, Load load) {
    this.ctx = ctx;
    this.chooser = new TargetChooser(ctx);
    this.options = options;
    this.failedRepairs = Set.copyOf(failedRepairs);
    this.load = load.on(ctx.cluster);
  }

  void plan(List<JobSpec> jobs, List<PlanItem> items) {
    for (Group g : ctx.cluster.groups()) {
      if (ctx.cluster.nodes().stream().noneMatch(n -> n.group().equals(g.uuid()))) {
        continue;
      }
      Balancer balancer = new Balancer(ctx.cluster, g.uuid(), options, load.load());
      double initial = balancer.score();
      int moves = 0;
      while (true) {
        var move = balancer.step(busy(), this::free);
        if (move.isEmpty()) {
          break;
        }
        submit(move.get(), initial, jobs);
        moves++;
      }
      boolean searched = false;
      if (moves == 0) {
        Optional<BalanceMove> first = balancer.searchStep(this::free);
        first.ifPresent(m -> submit(m, initial, jobs));
        searched = first.isPresent();
        moves += searched ? 1 : 0;
      }
      items.add(
          new PlanItem(
              "balance",
              g.name(),
              Next.does(
                  (moves == 0
                          ? noMove(initial)
                          : String.format(
                              "score %.4f, %.4f after %d move(s)",
                              initial, balancer.score(), moves))
                      + (searched
                          ? "; the first move of a path that ends lower (balance.searchTries)"
                          : "")
                      + weighed()
                      + heldBack(g))));
    }
  }

  /** What the plan says of the load weighed: measured, or left out and why; nothing by default. */
  private String weighed() {
    if (!load.complete()) {
      return "; measured CPU load left out: not every node reports it";
    }
    return load.load().cpu() instanceof Load.NodeCpu ? "; by measured CPU load" : "";
  }

  /** The group's nodes that balancing leaves alone for a failed repair, as the plan says them. */
  private String heldBack(Group g) {
    List<String> held =
        ctx.cluster.nodes().stream()
            .filter(n -> n.group().equals(g.uuid()) && failedRepairs.contains(n.name()))
            .map(org.maintd.cluster.Node::name)
            .toList();
    return held.isEmpty() ? "" : "; untouched after a failed repair: " + String.join(", ", held);
  }

  /** Why a group gets no move: none lowers its score (by the least gain asked, if one is). */
  private String noMove(double score) {
    return score > options.minGainLimit()
        ? String.format("score %.4f: no move lowers it on the free nodes", score)
        : String.format(
            "score %.4f: no move lowers it by %.4f (balance.minGain) on the free nodes",
            score, options.minGain());
  }

  /**
   * The nodes no move may touch, whatever it is: taken by a job of the round, excluded as a target,
   * left after a failed repair, or ruled out; {@link #free} refuses every move that touches one.
   */
  private Set<String> busy() {
    Set<String> busy = new HashSet<>(ctx.claims.claimedNodes());
    busy.addAll(ctx.excludedTargets);
    busy.addAll(failedRepairs);
    busy.addAll(ctx.ruledOut.keySet());
    return busy;
  }

  private boolean free(BalanceMove m) {
    String owner = OWNER + m.instance();
    List<String> touched = new ArrayList<>(List.of(m.oldPrimary(), m.newPrimary()));
    if (!m.oldSecondary().isEmpty()) {
      touched.add(m.oldSecondary());
    }
    if (!m.newSecondary().isEmpty()) {
      touched.add(m.newSecondary());
    }
    return ctx.claims.instanceFree(m.instance())
        && ctx.claims.nodesFree(owner, touched)
        && touched.stream().noneMatch(ctx.excludedTargets::contains)
        && touched.stream().noneMatch(failedRepairs::contains)
        && touched.stream().noneMatch(ctx.ruledOut::containsKey)
        && refusal(m).isEmpty();
  }

  /** Why the placement rules refuse the move's new primary or new secondary; empty when not. */
  Optional<String> refusal(BalanceMove m) {
    Instance inst = ctx.index.instance(m.instance()).orElseThrow();
    String owner = OWNER + m.instance();
    Optional<String> why = Optional.empty();
    if (!m.newPrimary().equals(m.oldPrimary())) {
      why = placement(owner, m.newPrimary(), inst, primaryNeed(inst, m), null);
    }
    if (why.isEmpty() && newSecondary(m)) {
      why = placement(owner, m.newSecondary(), inst, Moves.secondaryNeed(inst), m.newPrimary());
    }
    return why;
  }

  private Optional<String> placement(
      String owner, String node, Instance inst, Capacity.Need need, String secondaryOf) {
    org.maintd.cluster.Node target = ctx.index.node(node).orElseThrow();
    return chooser
        .refusal(owner, target)
        .map(WaitReason::text)
        .or(() -> ctx.capacity.shortfall(node, need).map(WaitReason::text))
        .or(() -> ctx.capacity.compromise(node, inst, need, secondaryOf).map(Compromise::text));
  }

  /**
   * The new primary needs memory (if running) and vcpus; local disk too (DRBD, plain) unless it
   * held the secondary.
   */
  private static Capacity.Need primaryNeed(Instance inst, BalanceMove m) {
    boolean localDisk =
        inst.diskTemplate().mobility()
            != org.maintd.cluster.DiskTemplate.Mobility.EXTERNALLY_MIRRORED;
    long disk = !localDisk || m.newPrimary().equals(m.oldSecondary()) ? 0 : inst.disk();
    return new Capacity.Need(inst.status().isRunning() ? inst.memory() : 0, disk, inst.vcpus());
  }

  private static boolean newSecondary(BalanceMove m) {
    return !m.newSecondary().isEmpty()
        && !m.newSecondary().equals(m.oldSecondary())
        && !m.newSecondary().equals(m.oldPrimary());
  }

  /** The job of an accepted move, its room taken and its nodes and instance claimed. */
  private void submit(BalanceMove m, double initial, List<JobSpec> jobs) {
    take(m);
    JobSpec job = job(m, initial);
    ctx.claims.claim(job.owner(), job.nodes(), job.instances());
    jobs.add(job);
  }

  /** Takes the room of an accepted move, so that the next move of the round sees it. */
  private void take(BalanceMove m) {
    Instance inst = ctx.index.instance(m.instance()).orElseThrow();
    if (!m.newPrimary().equals(m.oldPrimary())) {
      chooser.placed(m.newPrimary(), primaryNeed(inst, m), inst, null);
    }
    if (newSecondary(m)) {
      chooser.placed(m.newSecondary(), Moves.secondaryNeed(inst), inst, m.newPrimary());
    }
  }

  private JobSpec job(BalanceMove m, double initial) {
    Instance inst = ctx.index.instance(m.instance()).orElseThrow();
    String owner = OWNER + m.instance();
    String key = ctx.nextKey(owner);
    String text =
        String.format(
            "balancing: %s %s:%s => %s:%s (%s), score %.4f -> %.4f",
            m.instance(),
            m.oldPrimary(),
            m.oldSecondary(),
            m.newPrimary(),
            m.newSecondary(),
            m.commands(),
            initial,
            m.score());
    return new JobSpec(key, owner, operations(inst, m), ReasonTrail.of(text, key, ctx.nowNanos));
  }

  /**
   * The Ganeti operations of a move: hbal's {@code f}, {@code fa:NODE} and {@code r:NODE} steps in
   * order.
   */
  static List<Operation> operations(Instance inst, BalanceMove m) {
    List<Operation> ops = new ArrayList<>();
    String primary = m.oldPrimary();
    String secondary = m.oldSecondary();
    for (String step : m.commands().split(" ")) {
      if (step.equals("f")) {
        ops.add(Moves.takeOver(inst, primary, secondary, false));
        String was = primary;
        primary = secondary;
        secondary = was;
      } else if (step.startsWith("fa:")) {
        String target = step.substring(3);
        ops.add(Moves.takeOver(inst, primary, target, false));
        primary = target;
      } else if (step.startsWith("r:")) {
        String target = step.substring(2);
        ops.add(new Operation.ReplaceSecondary(m.instance(), primary, secondary, target));
        secondary = target;
      } else {
        throw new IllegalStateException("unknown balancing step '" + step + "' in " + m);
      }
    }
    return ops;
  }
}
