package org.maintd.harep;

import java.util.Optional;
import org.maintd.cluster.ClusterIndex;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * What is wrong with an instance and the repair that fixes it, per harep's cases: a DRBD instance
 * whose primary and secondary are both offline, or a plain instance whose primary is offline, gets
 * its disks recreated and is reinstalled ({@code reinstall}); a DRBD instance whose primary is
 * offline fails over to its secondary ({@code failover}); one whose secondary is offline gets a new
 * secondary ({@code fix-storage}); one whose primary is drained migrates to its secondary ({@code
 * migrate}). Other disk templates are not repaired.
 */
public record RepairNeed(String instance, Case kind, String problem) {

  /** The failure cases harep repairs. */
  public enum Case {
    BOTH_OFFLINE(RepairType.REINSTALL),
    PRIMARY_OFFLINE(RepairType.FAILOVER),
    SECONDARY_OFFLINE(RepairType.FIX_STORAGE),
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
    if (primary.isEmpty()) {
      return Optional.empty();
    }
    boolean offPri = primary.get().offline();
    if (inst.diskTemplate() == DiskTemplate.DRBD) {
      Optional<Node> secondary = cluster.node(inst.secondary());
      boolean offSec = secondary.map(Node::offline).orElse(false);
      if (offPri && offSec) {
        return need(
            inst,
            Case.BOTH_OFFLINE,
            "primary " + inst.primary() + " and secondary " + inst.secondary() + " are offline");
      }
      if (offPri) {
        return need(inst, Case.PRIMARY_OFFLINE, "primary " + inst.primary() + " is offline");
      }
      if (offSec) {
        return need(inst, Case.SECONDARY_OFFLINE, "secondary " + inst.secondary() + " is offline");
      }
      if (primary.get().drained() && secondary.map(s -> !s.drained()).orElse(false)) {
        return need(inst, Case.PRIMARY_DRAINED, "primary " + inst.primary() + " is drained");
      }
      return Optional.empty();
    }
    if (inst.diskTemplate() == DiskTemplate.PLAIN && offPri) {
      return need(
          inst, Case.NON_REDUNDANT_PRIMARY_OFFLINE, "primary " + inst.primary() + " is offline");
    }
    return Optional.empty();
  }

  private static Optional<RepairNeed> need(Instance inst, Case kind, String problem) {
    return Optional.of(new RepairNeed(inst.name(), kind, problem));
  }
}
