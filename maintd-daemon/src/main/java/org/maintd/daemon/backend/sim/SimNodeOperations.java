package org.maintd.daemon.backend.sim;

import static org.maintd.daemon.backend.sim.SimChecks.node;

import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.job.Operation;

/**
 * The node operations in the simulated cluster, as Ganeti's would behave: a node's flags set (never
 * the master's drained or offline, never offline while it has primaries), a reboot (never of the
 * master or of an offline node), a power-off (never of the master) or on, the master role failed
 * over to an online master candidate. Stateless.
 */
final class SimNodeOperations {
  private SimNodeOperations() {}

  static Cluster flags(Cluster c, Operation.SetNodeFlags f) {
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

  /** A node powercycled: neither the master nor an offline node. */
  static Cluster reboot(Cluster c, Operation.RebootNode r) {
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

  /** A node powered on, or off unless it is the master. */
  static Cluster power(Cluster c, Operation.PowerNode p) {
    Node node = node(c, p.node());
    if (!p.on() && node.master()) {
      throw new SimFailure(
          "Cannot power off the master node " + node.name() + "; fail the master role over first");
    }
    return c;
  }

  /**
   * The master role moves to a master candidate that is online; the old master stays a candidate.
   */
  static Cluster failoverMaster(Cluster c, Operation.FailoverMaster m) {
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
}
