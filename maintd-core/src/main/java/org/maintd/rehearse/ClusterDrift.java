package org.maintd.rehearse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
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
    kept("node", was.nodes(), Node::name, now::node, (a, b) -> flags(a, b, out), out);
    added("node", now.nodes(), Node::name, was::node, out);
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
    kept(
        "instance",
        was.instances(),
        Instance::name,
        now::instance,
        (a, b) -> instance(a, b, out),
        out);
    added("instance", now.instances(), Instance::name, was::instance, out);
  }

  /** Each of {@code was} gone from the later snapshot ({@code later}), or as it changed there. */
  private static <T> void kept(
      String kind,
      List<T> was,
      Function<T, String> name,
      Function<String, Optional<T>> later,
      BiConsumer<T, T> changed,
      List<String> out) {
    for (T item : was) {
      Optional<T> now = later.apply(name.apply(item));
      if (now.isEmpty()) {
        out.add(kind + " " + name.apply(item) + " was removed");
      } else {
        changed.accept(item, now.get());
      }
    }
  }

  /** Each of {@code now} that the earlier snapshot ({@code earlier}) did not have. */
  private static <T> void added(
      String kind,
      List<T> now,
      Function<T, String> name,
      Function<String, Optional<T>> earlier,
      List<String> out) {
    for (T item : now) {
      if (earlier.apply(name.apply(item)).isEmpty()) {
        out.add(kind + " " + name.apply(item) + " was added");
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
