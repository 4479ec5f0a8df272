package org.maintd.cluster;

import java.util.List;
import java.util.Locale;

/**
 * Which node of a cluster a name given by an operator or a client means: the node of that name
 * whatever its letter case, else the one node whose fully qualified name a short name begins (or
 * whose short name a qualified one begins), as {@link NodeNames#same} compares them. Every command
 * and check that takes a machine's or a node's name resolves it here once, and goes on with the
 * node's own name. A closed set of answers.
 */
public sealed interface NodeNamed {
  /** The name means {@code node}. */
  record Found(Node node) implements NodeNamed {}

  /** No node has that name. */
  record Unknown(String name) implements NodeNamed {
    /** As an answer says it. */
    public String message() {
      return "no node " + name + " in the cluster";
    }
  }

  /** A short name that begins the names of several nodes: {@code nodes}, sorted. */
  record Ambiguous(String name, List<String> nodes) implements NodeNamed {
    public Ambiguous {
      nodes = List.copyOf(nodes);
    }

    /** As an answer says it. */
    public String message() {
      return "'"
          + name
          + "' could be any of the nodes "
          + String.join(", ", nodes)
          + ": name one in full";
    }
  }

  /** The node {@code name} means in {@code cluster}. */
  static NodeNamed in(Cluster cluster, String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (Node n : cluster.nodes()) {
      if (n.name().toLowerCase(Locale.ROOT).equals(lower)) {
        return new Found(n);
      }
    }
    List<Node> like = cluster.nodes().stream().filter(n -> NodeNames.same(n.name(), name)).toList();
    if (like.size() == 1) {
      return new Found(like.get(0));
    }
    return like.isEmpty()
        ? new Unknown(name)
        : new Ambiguous(name, like.stream().map(Node::name).sorted().toList());
  }
}
