package org.maintd.daemon.backend.sim;

import org.maintd.cluster.Cluster;
import org.maintd.job.Operation;

/**
 * What each operation does to a simulated cluster, as the real Ganeti operation would: checks first
 * (refusing with a Ganeti-like message), then the new placement and free memory and disk. The node
 * operations are {@link SimNodeOperations}', the instances' moves {@link SimInstanceMoves}', their
 * run states and disks {@link SimDisks}'. Stateless.
 */
public final class SimOperations {

  /**
   * {@code c} after {@code op}; throws {@link SimFailure} with Ganeti's refusal when it would
   * refuse.
   */
  public Cluster apply(Cluster c, Operation op) {
    if (op instanceof Operation.SetNodeFlags f) {
      return SimNodeOperations.flags(c, f);
    }
    if (op instanceof Operation.Migrate m) {
      return SimInstanceMoves.migrate(c, m);
    }
    if (op instanceof Operation.Failover f) {
      return SimInstanceMoves.failover(c, f);
    }
    if (op instanceof Operation.Move m) {
      return SimInstanceMoves.move(c, m);
    }
    if (op instanceof Operation.ReplaceSecondary r) {
      return SimInstanceMoves.replaceSecondary(c, r);
    }
    if (op instanceof Operation.RecreateDisks r) {
      return SimInstanceMoves.recreateDisks(c, r);
    }
    if (op instanceof Operation.RebootNode r) {
      return SimNodeOperations.reboot(c, r);
    }
    if (op instanceof Operation.FailoverMaster m) {
      return SimNodeOperations.failoverMaster(c, m);
    }
    if (op instanceof Operation.OnInstance i
        && (op instanceof Operation.StartInstance
            || op instanceof Operation.ShutdownInstance
            || op instanceof Operation.ActivateDisks)) {
      return SimDisks.apply(c, i);
    }
    if (op instanceof Operation.PowerNode p) {
      return SimNodeOperations.power(c, p);
    }
    if (op instanceof Operation.Reinstall r) {
      return SimInstanceMoves.reinstall(c, r);
    }
    throw new SimFailure("operation " + op.kind() + " is not run by the cluster backend");
  }
}
