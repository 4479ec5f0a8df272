package org.maintd.rehearse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * What differs between two snapshots of a cluster, in an operator's words, one sentence a change:
 * the nodes removed and added, a node's drained, offline, master-candidate and master flags, the
 * instances removed and added, an instance's primary, secondary and run state. Nodes first, in the
 * order of the earlier snapshot (then those added, in the later one's), instances the same; at most
 * {@value #MOST} sentences, the rest counted in one more. Each node and instance is looked up by
 * name once, so that the whole takes time linear in the cluster. Stateless.
 */
public final class ClusterDrift {
  /** The most changes said one by one. */
  public static final int MOST = 20;

  private ClusterDrift() {}

  /** What changed from {@code was} to {@code now}; empty when nothing of the above did. */
  public static List<String> between(Cluster was, Cluster now) {
    List<String> all = new ArrayList<>();
    nodes(was, now, all);
    instances(was, now, all);
    if (all.size() <= MOST) {
      return List.copyOf(all);
    }
    List<String> said = new ArrayList<>(all.subList(0, MOST));
    said.add("and " + (all.size() - MOST) + " more changes");
    return List.copyOf(said);
  }

  private static void nodes(Cluster was, Cluster now, List<String> out) {
    for (Node n : was.nodes()) {
      Optional<Node> later = now.node(n.name());
      if (later.isEmpty()) {
        out.add("node " + n.name() + " was removed");
      } else {
        flags(n, later.get(), out);
      }
    }
    for (Node n : now.nodes()) {
      if (was.node(n.name()).isEmpty()) {
        out.add("node " + n.name() + " was added");
      }
    }
  }

  private static void flags(Node was, Node now, List<String> out) {
    Node.Flags a = was.flags();
    Node.Flags b = now.flags();
    flag(was.name(), "drained", a.drained(), b.drained(), out);
    flag(was.name(), "offline", a.offline(), b.offline(), out);
    flag(was.name(), "a master candidate", a.masterCandidate(), b.masterCandidate(), out);
    flag(was.name(), "the master", a.master(), b.master(), out);
  }

  private static void flag(String node, String what, boolean was, boolean now, List<String> out) {
    if (was != now) {
      out.add("node " + node + (now ? " is now " : " is no longer ") + what);
    }
  }

  private static void instances(Cluster was, Cluster now, List<String> out) {
    for (Instance i : was.instances()) {
      Optional<Instance> later = now.instance(i.name());
      if (later.isEmpty()) {
        out.add("instance " + i.name() + " was removed");
      } else {
        instance(i, later.get(), out);
      }
    }
    for (Instance i : now.instances()) {
      if (was.instance(i.name()).isEmpty()) {
        out.add("instance " + i.name() + " was added");
      }
    }
  }

  private static void instance(Instance was, Instance now, List<String> out) {
    String name = "instance " + was.name();
    if (!was.primary().equals(now.primary())) {
      out.add(name + "'s primary is now " + now.primary() + " (was " + was.primary() + ")");
    }
    if (!was.secondary().equals(now.secondary())) {
      out.add(
          name
              + "'s secondary is now "
              + node(now.secondary())
              + " (was "
              + node(was.secondary())
              + ")");
    }
    if (was.status() != now.status()) {
      out.add(name + " is now " + now.status() + " (was " + was.status() + ")");
    }
  }

  /** A secondary as said: its name, or none. */
  private static String node(String secondary) {
    return secondary.isEmpty() ? "none" : secondary;
  }
}
