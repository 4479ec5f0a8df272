package org.maintd.plan;

import java.util.Comparator;
import java.util.Optional;
import org.maintd.cluster.Node;

/**
 * Picks a target node for an instance: online, undrained, in the same group, not excluded, not
 * claimed by another owner's job, with room for what it needs; among those, the one with the most
 * free memory left, so that load spreads. Ties go to the node listed first.
 */
final class TargetChooser {
  private final RoundContext ctx;

  TargetChooser(RoundContext ctx) {
    this.ctx = ctx;
  }

  /** Whether {@code node} may receive an instance from {@code owner}'s job at all. */
  String refusal(String owner, Node node) {
    if (!node.acceptsInstances()) {
      return node.name() + " is " + (node.offline() ? "offline" : "drained");
    }
    if (ctx.excludedTargets.contains(node.name())) {
      return node.name() + " has an active incident or was evacuated";
    }
    if (!ctx.claims.nodeFree(owner, node.name())) {
      return node.name() + " is busy with another job this round";
    }
    return null;
  }

  Optional<Node> choose(String owner, String group, String avoid, Capacity.Need need) {
    return ctx.cluster.nodes().stream()
        .filter(n -> n.group().equals(group) && !n.name().equals(avoid))
        .filter(n -> refusal(owner, n) == null && ctx.capacity.shortfall(n.name(), need) == null)
        .max(Comparator.comparingLong(n -> ctx.capacity.freeMemory(n.name())));
  }
}
