package org.maintd.round;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNamed;

/**
 * The nodes a machine command's names mean, each resolved once ({@link NodeNamed}): every one, or
 * the refusal of the first name that means no node (404) or several (400, naming them). The command
 * goes on with the nodes' own names. A closed set of answers.
 */
sealed interface NamedNodes {
  /** The reply of {@code apply} to the nodes when every name means one; else the refusal. */
  <R> Reply<R> ifAll(Function<List<Node>, Reply<R>> apply);

  /** Every name means one node: these, in the command's order. */
  record All(List<Node> nodes) implements NamedNodes {
    public All {
      nodes = List.copyOf(nodes);
    }

    @Override
    public <R> Reply<R> ifAll(Function<List<Node>, Reply<R>> apply) {
      return apply.apply(nodes);
    }
  }

  /** A name means no node, or several: the command's answer. */
  record Refused(Refusal kind, String message) implements NamedNodes {
    @Override
    public <R> Reply<R> ifAll(Function<List<Node>, Reply<R>> apply) {
      return new Reply.Refused<>(kind, message);
    }
  }

  static NamedNodes of(Cluster cluster, List<String> names) {
    List<Node> nodes = new ArrayList<>();
    for (String name : names) {
      NodeNamed named = NodeNamed.in(cluster, name);
      if (named instanceof NodeNamed.Found f) {
        nodes.add(f.node());
      } else if (named instanceof NodeNamed.Unknown u) {
        return new Refused(Refusal.NOT_FOUND, u.message());
      } else if (named instanceof NodeNamed.Ambiguous a) {
        return new Refused(Refusal.BAD_REQUEST, a.message());
      } else {
        throw new IllegalStateException("no rule for " + named);
      }
    }
    return new All(nodes);
  }
}
