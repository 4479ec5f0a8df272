package org.maintd.daemon.backend.sim;

import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.Operation;

/**
 * What each operation does to a simulated cluster, as the real Ganeti operation would: checks first
 * (refusing with a Ganeti-like message), then the new placement and free memory and disk. Running
 * instances use memory on their primary; disks use disk on primary and secondary. Stateless.
 */
public final class SimOperations {

  /**
   * {@code c} after {@code op}; throws {@link SimFailure} with Ganeti's refusal when it would
   * refuse.
   */
  public Cluster apply(Cluster c, Operation op) {
    if (op instanceof Operation.SetNodeFlags f) {
      return flags(c, f);
    }
    if (op instanceof Operation.Migrate m) {
      Instance i = instance(c, m.instance());
      if (!i.status().isRunning()) {
        throw new SimFailure(
            "Instance " + i.name() + " is not running, cannot migrate (use failover)");
      }
      return relocate(c, i, m.source(), m.target(), "migrate");
    }
    if (op instanceof Operation.Failover f) {
      return relocate(c, instance(c, f.instance()), f.source(), f.target(), "failover");
    }
    if (op instanceof Operation.Move m) {
      return move(c, instance(c, m.instance()), m.source(), m.target());
    }
    if (op instanceof Operation.ReplaceSecondary r) {
      return replaceSecondary(c, instance(c, r.instance()), r.oldSecondary(), r.newSecondary());
    }
    if (op instanceof Operation.RecreateDisks r) {
      return recreateDisks(c, instance(c, r.instance()), r.targets());
    }
    if (op instanceof Operation.RebootNode r) {
      Node node = node(c, r.node());
      if (node.master()) {
        throw new SimFailure(
            "Cannot power cycle the master node "
                + node.name()
                + "; fail the master role over first");
      }
      if (node.offline()) {
        throw new SimFailure("Node " + node.name() + " is offline");
      }
      return c;
    }
    if (op instanceof Operation.FailoverMaster m) {
      return failoverMaster(c, m);
    }
    if (op instanceof Operation.StartInstance
        || op instanceof Operation.ShutdownInstance
        || op instanceof Operation.ActivateDisks) {
      return SimDisks.apply(c, (Operation.OnInstance) op);
    }
    if (op instanceof Operation.PowerNode p) {
      Node node = node(c, p.node());
      if (!p.on() && node.master()) {
        throw new SimFailure(
            "Cannot power off the master node "
                + node.name()
                + "; fail the master role over first");
      }
      return c;
    }
    if (op instanceof Operation.Reinstall r) {
      Instance i = instance(c, r.instance());
      checkPrimary(i, r.primary());
      usableTarget(c, i.primary());
      return c;
    }
    throw new SimFailure("operation " + op.kind() + " is not run by the cluster backend");
  }

  /** New empty disks on new nodes; the old nodes, offline, give back nothing until they return. */
  private Cluster recreateDisks(Cluster c, Instance i, List<String> nodes) {
    boolean mirrored = i.diskTemplate().mobility() == Mobility.INTERNALLY_MIRRORED;
    if (nodes.size() != (mirrored ? 2 : 1)) {
      throw new SimFailure(
          "Instance "
              + i.name()
              + " needs "
              + (mirrored ? 2 : 1)
              + " node(s) to recreate its disks, got "
              + nodes);
    }
    if (mirrored && nodes.get(0).equals(nodes.get(1))) {
      throw new SimFailure("The primary and secondary nodes of " + i.name() + " must differ");
    }
    Node p = usableTarget(c, nodes.get(0));
    long mem = i.status().isRunning() ? i.memory() : 0;
    requireMemory(p, mem);
    for (String n : nodes) {
      requireDisk(usableTarget(c, n), i.disk(), "node");
    }
    Cluster moved =
        c.withInstance(i.name(), x -> x.placedOn(nodes.get(0), mirrored ? nodes.get(1) : ""));
    moved = adjust(moved, nodes.get(0), -mem, -i.disk());
    return mirrored ? adjust(moved, nodes.get(1), 0, -i.disk()) : moved;
  }

  /**
   * The master role moves to a master candidate that is online; the old master stays a candidate.
   */
  private Cluster failoverMaster(Cluster c, Operation.FailoverMaster m) {
    Node from = node(c, m.from());
    Node to = node(c, m.to());
    if (!from.master()) {
      throw new SimFailure("Node " + from.name() + " is not the master");
    }
    if (!to.flags().masterCandidate() || to.offline()) {
      throw new SimFailure("Node " + to.name() + " is not an online master candidate");
    }
    Cluster out =
        c.withNode(
            from.name(), n -> n.withFlags(new Node.Flags(false, true, n.offline(), n.drained())));
    return out.withNode(
        to.name(), n -> n.withFlags(new Node.Flags(true, true, false, n.drained())));
  }

  private Cluster flags(Cluster c, Operation.SetNodeFlags f) {
    Node node = node(c, f.node());
    if (node.master() && (f.drained().orElse(false) || f.offline().orElse(false))) {
      throw new SimFailure("The master node " + node.name() + " cannot be drained or set offline");
    }
    if (f.offline().orElse(false) && !c.primariesOf(node.name()).isEmpty()) {
      throw new SimFailure(
          "Can't set node " + node.name() + " offline: it still has primary instances");
    }
    Node.Flags flags = node.flags();
    if (f.drained().isPresent()) {
      flags = flags.withDrained(f.drained().get());
    }
    if (f.offline().isPresent()) {
      flags = flags.withOffline(f.offline().get());
    }
    Node.Flags result = flags;
    return c.withNode(node.name(), n -> n.withFlags(result));
  }

  private Cluster relocate(Cluster c, Instance i, String source, String target, String what) {
    checkPrimary(i, source);
    Mobility mobility = i.diskTemplate().mobility();
    if (mobility == Mobility.NON_REDUNDANT) {
      throw new SimFailure(
          "Instance's disk layout '"
              + i.diskTemplate().wireName()
              + "' does not allow "
              + what
              + "s");
    }
    if (mobility == Mobility.INTERNALLY_MIRRORED && !i.secondary().equals(target)) {
      throw new SimFailure(
          "Instances with disk template drbd can only "
              + what
              + " to their secondary node "
              + i.secondary()
              + ", not "
              + target);
    }
    Node t = usableTarget(c, target);
    long mem = i.status().isRunning() ? i.memory() : 0;
    requireMemory(t, mem);
    String newSecondary = mobility == Mobility.INTERNALLY_MIRRORED ? source : "";
    Cluster moved = c.withInstance(i.name(), x -> x.placedOn(target, newSecondary));
    return adjust(adjust(moved, source, mem, 0), target, -mem, 0);
  }

  private Cluster move(Cluster c, Instance i, String source, String target) {
    checkPrimary(i, source);
    if (i.diskTemplate().mobility() == Mobility.INTERNALLY_MIRRORED) {
      throw new SimFailure(
          "Instance "
              + i.name()
              + " has disk template drbd and cannot be moved, use migrate or failover");
    }
    Node t = usableTarget(c, target);
    long mem = i.status().isRunning() ? i.memory() : 0;
    requireMemory(t, mem);
    long disk = i.diskTemplate().mobility() == Mobility.NON_REDUNDANT ? i.disk() : 0;
    requireDisk(t, disk, "target node");
    Cluster moved = c.withInstance(i.name(), x -> x.placedOn(target, ""));
    return adjust(adjust(moved, source, mem, disk), target, -mem, -disk);
  }

  private Cluster replaceSecondary(
      Cluster c, Instance i, String oldSecondary, String newSecondary) {
    if (i.diskTemplate().mobility() != Mobility.INTERNALLY_MIRRORED) {
      throw new SimFailure("Instance " + i.name() + " has no secondary node to replace");
    }
    if (!i.secondary().equals(oldSecondary)) {
      throw new SimFailure(
          "Instance " + i.name() + " has secondary " + i.secondary() + ", not " + oldSecondary);
    }
    if (newSecondary.equals(i.primary())) {
      throw new SimFailure("The new secondary of " + i.name() + " cannot be its primary node");
    }
    requireDisk(usableTarget(c, newSecondary), i.disk(), "node");
    Cluster moved = c.withInstance(i.name(), x -> x.placedOn(i.primary(), newSecondary));
    return adjust(adjust(moved, oldSecondary, 0, i.disk()), newSecondary, 0, -i.disk());
  }

  private static void checkPrimary(Instance i, String source) {
    if (!i.primary().equals(source)) {
      throw new SimFailure("Instance " + i.name() + " is on " + i.primary() + ", not on " + source);
    }
  }

  private static Node usableTarget(Cluster c, String name) {
    Node t = node(c, name);
    if (t.offline()) {
      throw new SimFailure("Target node " + name + " is offline");
    }
    if (t.drained()) {
      throw new SimFailure("Target node " + name + " is drained");
    }
    return t;
  }

  private static void requireMemory(Node t, long mem) {
    require(t, "target node", "memory", mem, t.resources().memFree());
  }

  /** {@code which} names the node in the failure: "node" or "target node", as Ganeti says it. */
  private static void requireDisk(Node t, long disk, String which) {
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

  private static Cluster adjust(Cluster c, String node, long mem, long disk) {
    return c.withNode(
        node,
        n ->
            n.withResources(
                n.resources()
                    .withFree(n.resources().memFree() + mem, n.resources().diskFree() + disk)));
  }

  private static Instance instance(Cluster c, String name) {
    return c.instance(name).orElseThrow(() -> new SimFailure("Instance '" + name + "' not known"));
  }

  private static Node node(Cluster c, String name) {
    return c.node(name).orElseThrow(() -> new SimFailure("Node '" + name + "' not known"));
  }
}
