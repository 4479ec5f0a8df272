package org.maintd.plan;

import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.job.Operation;

/**
 * How an instance leaves a node, the one choice every planner makes: an instance on plain disks is
 * copied ({@code move}); any other changes its primary without copying, migrated live when it runs
 * and failed over when it is stopped or when the caller asks for a failover (an evacuation by
 * failover, a repair of an offline primary); a DRBD secondary is replaced. Also what the receiving
 * node needs for each. Stateless.
 */
final class Moves {
  private Moves() {}

  /** Moves the primary of {@code inst} from {@code from} to {@code to}: copied or taken over. */
  static Operation primary(Instance inst, String from, String to, boolean failover) {
    return inst.diskTemplate().mobility() == Mobility.NON_REDUNDANT
        ? new Operation.Move(inst.name(), from, to)
        : takeOver(inst, from, to, failover);
  }

  /**
   * Hands the primary role of {@code inst} to {@code to}, a node that reaches its disks (its DRBD
   * secondary, or any node for shared storage): migrated when it runs and no failover is asked for,
   * else failed over.
   */
  static Operation takeOver(Instance inst, String from, String to, boolean failover) {
    return inst.status().isRunning() && !failover
        ? new Operation.Migrate(inst.name(), from, to)
        : new Operation.Failover(inst.name(), from, to);
  }

  /** Replaces the DRBD secondary {@code from} of {@code inst} by {@code to}. */
  static Operation secondary(Instance inst, String from, String to) {
    return new Operation.ReplaceSecondary(inst.name(), inst.primary(), from, to);
  }

  /** What a new primary needs: memory when it runs, its vcpus, and the disk when it is copied. */
  static Capacity.Need primaryNeed(Instance inst) {
    return new Capacity.Need(
        inst.status().isRunning() ? inst.memory() : 0,
        inst.diskTemplate().mobility() == Mobility.NON_REDUNDANT ? inst.disk() : 0,
        inst.vcpus());
  }

  /** What a new DRBD secondary needs: the disk. */
  static Capacity.Need secondaryNeed(Instance inst) {
    return new Capacity.Need(0, inst.disk(), 0);
  }
}
