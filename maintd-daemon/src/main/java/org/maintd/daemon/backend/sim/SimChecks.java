package org.maintd.daemon.backend.sim;

import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * What the simulated operations check before they change the cluster, and the free memory and disk
 * they move, with Ganeti's words for a refusal ({@link SimFailure}): the instance or node is known,
 * the instance is where the operation says, a target node is online, not drained, and has the
 * memory or disk asked for. Stateless.
 */
final class SimChecks {
  private SimChecks() {}

  static Instance instance(Cluster c, String name) {
    return c.instance(name).orElseThrow(() -> new SimFailure("Instance '" + name + "' not known"));
  }

  static Node node(Cluster c, String name) {
    return c.node(name).orElseThrow(() -> new SimFailure("Node '" + name + "' not known"));
  }

  static void checkPrimary(Instance i, String source) {
    if (!i.primary().equals(source)) {
      throw new SimFailure("Instance " + i.name() + " is on " + i.primary() + ", not on " + source);
    }
  }

  static Node usableTarget(Cluster c, String name) {
    Node t = node(c, name);
    if (t.offline()) {
      throw new SimFailure("Target node " + name + " is offline");
    }
    if (t.drained()) {
      throw new SimFailure("Target node " + name + " is drained");
    }
    return t;
  }

  static void requireMemory(Node t, long mem) {
    require(t, "target node", "memory", mem, t.resources().memFree());
  }

  /** {@code which} names the node in the failure: "node" or "target node", as Ganeti says it. */
  static void requireDisk(Node t, long disk, String which) {
    require(t, which, "disk space", disk, t.resources().diskFree());
  }

  private static void require(Node t, String which, String what, long needed, long available) {
    if (available < needed) {
      throw new SimFailure(
          "Not enough "
              + what
              + " on "
              + which
              + " "
              + t.name()
              + ": needed "
              + needed
              + " MiB, available "
              + available
              + " MiB");
    }
  }

  static Cluster adjust(Cluster c, String node, long mem, long disk) {
    return c.withNode(
        node,
        n ->
            n.withResources(
                n.resources()
                    .withFree(n.resources().memFree() + mem, n.resources().diskFree() + disk)));
  }
}
