package org.maintd.plan;

import java.util.Optional;
import java.util.function.Predicate;
import org.maintd.cluster.Node;

/**
 * Who takes the master role from a node that must leave it (to be rebooted or evacuated): an
 * online, undrained master candidate that no active incident holds and that {@code allowed} lets
 * take it, in the cluster's order. Stateless.
 */
final class MasterSuccessor {
  private MasterSuccessor() {}

  static Optional<Node> of(RoundContext ctx, String master, Predicate<Node> allowed) {
    return ctx.cluster.nodes().stream()
        .filter(
            x -> !x.name().equals(master) && x.flags().masterCandidate() && x.acceptsInstances())
        .filter(x -> !ctx.excludedTargets.contains(x.name()) && !ctx.ruledOut.containsKey(x.name()))
        .filter(allowed)
        .findFirst();
  }
}
