package org.maintd.harep;

import java.util.Optional;
import org.maintd.cluster.ClusterIndex;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * What is wrong with an instance and the repair that fixes it, per the repair operations of
 * Ganeti's auto-repair design, disk template by disk template:
 *
 * <ul>
 *   <li>DRBD: primary and secondary both offline, recreate the disks on two new nodes and reinstall
 *       ({@code reinstall}); primary offline, fail over to the secondary ({@code failover});
 *       secondary offline, or drained while the primary is online and undrained, replace the
 *       secondary ({@code fix-storage}); primary drained while the secondary is not, migrate to the
 *       secondary ({@code migrate}).
 *   <li>Shared storage ({@code sharedfile}, {@code blockdev}, {@code rbd}, {@code ext}, {@code
 *       gluster}): primary offline, fail over to another node of the group ({@code failover});
 *       primary drained, migrate to one ({@code migrate}).
 *   <li>{@code plain} and {@code file}: primary offline, recreate the disks on a new node and
 *       reinstall ({@code reinstall}).
 * </ul>
 *
 * <p>Diskless instances are not repaired: the design names no repair for them.
 *
 * <p>Ganeti 3.0's harep ({@code detectBroken}) repairs DRBD and plain instances only, and, reading
 * the nodes through the htools, takes a drained node for an offline one. So it agrees on the DRBD
 * cases above, including the replacement of a drained secondary, but differs where it sees a
 * drained node as offline: a DRBD instance on a drained primary is failed over, not migrated; an
 * instance with one node drained and the other offline, or both drained, is reinstalled; a plain
 * instance on a drained primary is reinstalled. maintd keeps a drained node for what it is, a node
 * that still serves its disks and may be left live. Shared storage and {@code file} instances harep
 * 3.0 does not repair at all; maintd repairs them as the design says.
 */
public record RepairNeed(String instance, Case kind, String problem) {

  /** The failure cases repaired. */
  public enum Case {
    BOTH_OFFLINE(RepairType.REINSTALL),
    PRIMARY_OFFLINE(RepairType.FAILOVER),
    SECONDARY_OFFLINE(RepairType.FIX_STORAGE),
    SECONDARY_DRAINED(RepairType.FIX_STORAGE),
    PRIMARY_DRAINED(RepairType.MIGRATE),
    NON_REDUNDANT_PRIMARY_OFFLINE(RepairType.REINSTALL);

    private final RepairType type;

    Case(RepairType type) {
      this.type = type;
    }

    public RepairType type() {
      return type;
    }
  }

  public RepairType type() {
    return kind.type();
  }

  public static Optional<RepairNeed> of(ClusterIndex cluster, Instance inst) {
    Optional<Node> primary = cluster.node(inst.primary());
    if (primary.isEmpty() || inst.diskTemplate() == DiskTemplate.DISKLESS) {
      return Optional.empty();
    }
    return switch (inst.diskTemplate().mobility()) {
      case INTERNALLY_MIRRORED -> mirrored(inst, primary.get(), cluster.node(inst.secondary()));
      case EXTERNALLY_MIRRORED -> shared(inst, primary.get());
      case NON_REDUNDANT ->
          primary.get().offline()
              ? need(inst, Case.NON_REDUNDANT_PRIMARY_OFFLINE, offline("primary", inst.primary()))
              : Optional.empty();
    };
  }

  private static Optional<RepairNeed> mirrored(
      Instance inst, Node primary, Optional<Node> secondary) {
    boolean offSec = secondary.map(Node::offline).orElse(false);
    boolean drainedSec = secondary.map(Node::drained).orElse(false);
    if (primary.offline() && offSec) {
      return need(
          inst,
          Case.BOTH_OFFLINE,
          "primary " + inst.primary() + " and secondary " + inst.secondary() + " are offline");
    }
    if (primary.offline()) {
      return need(inst, Case.PRIMARY_OFFLINE, offline("primary", inst.primary()));
    }
    if (offSec) {
      return need(inst, Case.SECONDARY_OFFLINE, offline("secondary", inst.secondary()));
    }
    if (primary.drained() && secondary.isPresent() && !drainedSec) {
      return need(inst, Case.PRIMARY_DRAINED, drained("primary", inst.primary()));
    }
    if (drainedSec && !primary.drained()) {
      return need(inst, Case.SECONDARY_DRAINED, drained("secondary", inst.secondary()));
    }
    return Optional.empty();
  }

  private static Optional<RepairNeed> shared(Instance inst, Node primary) {
    if (primary.offline()) {
      return need(inst, Case.PRIMARY_OFFLINE, offline("primary", inst.primary()));
    }
    if (primary.drained()) {
      return need(inst, Case.PRIMARY_DRAINED, drained("primary", inst.primary()));
    }
    return Optional.empty();
  }

  private static String offline(String role, String node) {
    return role + " " + node + " is offline";
  }

  private static String drained(String role, String node) {
    return role + " " + node + " is drained";
  }

  private static Optional<RepairNeed> need(Instance inst, Case kind, String problem) {
    return Optional.of(new RepairNeed(inst.name(), kind, problem));
  }
}
