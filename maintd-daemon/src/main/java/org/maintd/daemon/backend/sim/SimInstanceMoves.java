package org.maintd.daemon.backend.sim;

import static org.maintd.daemon.backend.sim.SimChecks.adjust;
import static org.maintd.daemon.backend.sim.SimChecks.checkPrimary;
import static org.maintd.daemon.backend.sim.SimChecks.instance;
import static org.maintd.daemon.backend.sim.SimChecks.requireDisk;
import static org.maintd.daemon.backend.sim.SimChecks.requireMemory;
import static org.maintd.daemon.backend.sim.SimChecks.usableTarget;

import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.Operation;

/**
 * The instance operations in the simulated cluster, as Ganeti's would behave: migrations and
 * failovers (a DRBD instance only to its secondary, a non-redundant one not at all), moves (copying
 * the disks of an instance that is not DRBD), a new secondary, disks recreated on new nodes, a
 * reinstall where the instance is. Running instances use memory on their primary; disks use disk on
 * primary and secondary. Stateless.
 */
final class SimInstanceMoves {
  private SimInstanceMoves() {}

  /** A live migration: only of a running instance. */
  static Cluster migrate(Cluster c, Operation.Migrate m) {
    Instance i = instance(c, m.instance());
    if (!i.status().isRunning()) {
      throw new SimFailure(
          "Instance " + i.name() + " is not running, cannot migrate (use failover)");
    }
    return relocate(c, i, m.source(), m.target(), "migrate");
  }

  static Cluster failover(Cluster c, Operation.Failover f) {
    return relocate(c, instance(c, f.instance()), f.source(), f.target(), "failover");
  }

  static Cluster move(Cluster c, Operation.Move m) {
    return move(c, instance(c, m.instance()), m.source(), m.target());
  }

  static Cluster replaceSecondary(Cluster c, Operation.ReplaceSecondary r) {
    return replaceSecondary(c, instance(c, r.instance()), r.oldSecondary(), r.newSecondary());
  }

  static Cluster recreateDisks(Cluster c, Operation.RecreateDisks r) {
    return recreateDisks(c, instance(c, r.instance()), r.targets());
  }

  /** A reinstall where the instance is: its primary is usable. */
  static Cluster reinstall(Cluster c, Operation.Reinstall r) {
    Instance i = instance(c, r.instance());
    checkPrimary(i, r.primary());
    usableTarget(c, i.primary());
    return c;
  }

  /** New empty disks on new nodes; the old nodes, offline, give back nothing until they return. */
  private static Cluster recreateDisks(Cluster c, Instance i, List<String> nodes) {
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

  private static Cluster relocate(
      Cluster c, Instance i, String source, String target, String what) {
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

  private static Cluster move(Cluster c, Instance i, String source, String target) {
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

  private static Cluster replaceSecondary(
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
}
