package org.maintd.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.harep.RepairNeed;
import org.maintd.job.Operation;
import org.maintd.plan.TargetChooser.Choice;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.WaitReason;

/**
 * The operations of one instance repair with their targets chosen among the nodes of the instance's
 * group that have room, or why none could be chosen; the capacity of the targets chosen is taken
 * for the rest of the round, unless the repair is refused ({@code Capacity.giveBack}). Not
 * thread-safe.
 */
final class RepairPlacer {
  private final RoundContext ctx;
  private final TargetChooser chooser;

  RepairPlacer(RoundContext ctx) {
    this.ctx = ctx;
    this.chooser = new TargetChooser(ctx);
  }

  /** A repair's operations with their targets chosen, or why none could be chosen. */
  record Placement(List<Operation> ops, Optional<Next> why) {
    static Placement of(Operation... ops) {
      return new Placement(List.of(ops), Optional.empty());
    }

    static Placement waits(Next why) {
      return new Placement(List.of(), Optional.of(why));
    }
  }

  /** No node of {@code inst}'s group has room for {@code need}: the nodes ruled out named. */
  private Placement noTarget(Instance inst, String need) {
    CapacityWait.NoTarget why = new CapacityWait.NoTarget(need, ctx.ruledOutIn(group(inst)));
    return Placement.waits(Next.waits(why));
  }

  /** Where the repair {@code need} of {@code inst}, done by {@code owner}'s job, goes. */
  Placement place(String owner, Instance inst, RepairNeed need) {
    return switch (need.kind()) {
      case PRIMARY_OFFLINE, PRIMARY_DRAINED -> takeOver(owner, inst, need);
      case SECONDARY_OFFLINE, SECONDARY_DRAINED -> newSecondary(owner, inst);
      case BOTH_OFFLINE, NON_REDUNDANT_PRIMARY_OFFLINE -> recreate(owner, inst, need);
    };
  }

  /**
   * Hands the instance over to a node that reaches its disks: its DRBD secondary, or, for shared
   * storage, the node of the group with the most room.
   */
  private Placement takeOver(String owner, Instance inst, RepairNeed need) {
    Capacity.Need n = new Capacity.Need(memory(inst), 0, inst.vcpus());
    if (inst.diskTemplate().mobility() != Mobility.INTERNALLY_MIRRORED) {
      return chooser
          .choose(owner, group(inst), inst.primary(), n, inst, null)
          .map(c -> handOver(inst, need, c.node(), n))
          .orElseGet(
              () ->
                  noTarget(
                      inst,
                      "node in the group has room for the instance ("
                          + n.memory()
                          + " MiB memory, "
                          + n.vcpus()
                          + " vcpus)"));
    }
    Node secondary = ctx.index.node(inst.secondary()).orElseThrow();
    Optional<WaitReason> why =
        chooser
            .refusal(owner, secondary)
            .or(() -> ctx.capacity.shortfall(secondary.name(), n).map(WaitReason.class::cast));
    return why.isPresent()
        ? Placement.waits(Next.waitsAs("its secondary " + why.get().text(), why.get()))
        : handOver(inst, need, secondary, n);
  }

  /**
   * Fails the instance over to {@code target} when its primary is offline; migrates it live when
   * its primary is drained, or fails it over if it does not run.
   */
  private Placement handOver(Instance inst, RepairNeed need, Node target, Capacity.Need n) {
    chooser.placed(target.name(), n, inst, null);
    boolean failover = need.kind() != RepairNeed.Case.PRIMARY_DRAINED;
    return Placement.of(Moves.takeOver(inst, inst.primary(), target.name(), failover));
  }

  private Placement newSecondary(String owner, Instance inst) {
    Capacity.Need n = Moves.secondaryNeed(inst);
    Optional<Choice> target =
        chooser.choose(owner, group(inst), inst.primary(), n, inst, inst.primary());
    if (target.isEmpty()) {
      return noTarget(
          inst, "node in the group has " + inst.disk() + " MiB disk for a new secondary");
    }
    String t = target.get().node().name();
    chooser.placed(t, n, inst, inst.primary());
    return Placement.of(Moves.secondary(inst, inst.secondary(), t));
  }

  private Placement recreate(String owner, Instance inst, RepairNeed need) {
    boolean mirrored = need.kind() == RepairNeed.Case.BOTH_OFFLINE;
    long mem = memory(inst);
    Capacity.Need p = new Capacity.Need(mem, inst.disk(), inst.vcpus());
    Optional<Node> primary =
        chooser.choose(owner, group(inst), "", p, inst, null).map(Choice::node);
    if (primary.isEmpty()) {
      return noTarget(
          inst,
          "node in the group has room for the instance ("
              + mem
              + " MiB memory, "
              + inst.disk()
              + " MiB disk)");
    }
    chooser.placed(primary.get().name(), p, inst, null);
    List<String> nodes = new ArrayList<>(List.of(primary.get().name()));
    if (mirrored) {
      Capacity.Need s = Moves.secondaryNeed(inst);
      Optional<Node> secondary =
          chooser
              .choose(owner, group(inst), primary.get().name(), s, inst, primary.get().name())
              .map(Choice::node);
      if (secondary.isEmpty()) {
        return noTarget(
            inst,
            "second node in the group has " + inst.disk() + " MiB disk for the new secondary");
      }
      chooser.placed(secondary.get().name(), s, inst, primary.get().name());
      nodes.add(secondary.get().name());
    }
    return Placement.of(
        new Operation.RecreateDisks(inst.name(), inst.primary(), inst.secondary(), nodes),
        new Operation.Reinstall(inst.name(), nodes.get(0)));
  }

  private String group(Instance inst) {
    return ctx.index.node(inst.primary()).map(Node::group).orElse("");
  }

  /** The memory a new primary gives the instance: none unless it runs. */
  private static long memory(Instance inst) {
    return inst.status().isRunning() ? inst.memory() : 0;
  }
}
