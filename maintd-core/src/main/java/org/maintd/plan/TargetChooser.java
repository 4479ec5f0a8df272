package org.maintd.plan;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.WaitReason;

/**
 * Picks a target node for an instance: online, undrained, in the same group, not excluded (an
 * active incident, evacuated) nor ruled out (a failed repair, a machine draining, down or due to
 * drain soon), not claimed by another owner's job, with room for what it needs. Among those,
 * targets that keep every node N+1 and keep exclusion tags apart come first; among equals, the one
 * with the most free memory, so that load spreads (ties go to the node listed first). A target that
 * breaks N+1 or an exclusion tag is chosen only when no other has room, and the choice says so.
 */
final class TargetChooser {
  private final RoundContext ctx;

  TargetChooser(RoundContext ctx) {
    this.ctx = ctx;
  }

  /** A chosen node, and what it compromises (empty when nothing). */
  record Choice(Node node, Optional<Compromise> compromise) {}

  /** Why {@code node} may not receive an instance from {@code owner}'s job; empty when it may. */
  Optional<WaitReason> refusal(String owner, Node node) {
    if (!node.acceptsInstances()) {
      return Optional.of(
          new CapacityWait.TargetRefused(
              node.name(), node.offline() ? "is offline" : "is drained"));
    }
    if (ctx.excludedTargets.contains(node.name())) {
      return Optional.of(
          new CapacityWait.TargetRefused(node.name(), "has an active incident or was evacuated"));
    }
    if (ctx.ruledOut.containsKey(node.name())) {
      return Optional.of(
          new CapacityWait.TargetRefused(
              node.name(), "is ruled out: " + ctx.ruledOut.get(node.name())));
    }
    if (!ctx.claims.nodeFree(owner, node.name())) {
      return Optional.of(new OtherWorkFirst.Busy(node.name(), false));
    }
    return Optional.empty();
  }

  /**
   * The best target for {@code inst} as a primary (or, with {@code secondaryOf}, as the secondary
   * of an instance whose primary is that node); the caller takes the capacity and records the
   * placement with {@link #placed}.
   */
  Optional<Choice> choose(
      String owner,
      String group,
      String avoid,
      Capacity.Need need,
      Instance inst,
      String secondaryOf) {
    List<Node> fitting =
        ctx.cluster.nodes().stream()
            .filter(n -> n.group().equals(group) && !n.name().equals(avoid))
            .filter(
                n ->
                    refusal(owner, n).isEmpty() && ctx.capacity.shortfall(n.name(), need).isEmpty())
            .toList();
    Comparator<Node> byFreeMemory =
        Comparator.comparingLong(n -> ctx.capacity.freeMemory(n.name()));
    Optional<Node> clean =
        fitting.stream()
            .filter(n -> ctx.capacity.compromise(n.name(), inst, need, secondaryOf).isEmpty())
            .max(byFreeMemory);
    if (clean.isPresent()) {
      return Optional.of(new Choice(clean.get(), Optional.empty()));
    }
    return fitting.stream()
        .max(byFreeMemory)
        .map(n -> new Choice(n, ctx.capacity.compromise(n.name(), inst, need, secondaryOf)));
  }

  /** Takes the capacity and records the reservation or tags of a placement. */
  void placed(String node, Capacity.Need need, Instance inst, String secondaryOf) {
    ctx.capacity.take(node, need);
    ctx.capacity.place(node, inst, secondaryOf);
  }
}
