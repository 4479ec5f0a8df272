package org.maintd.balance;

import java.util.List;
import java.util.Set;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;

/**
 * What the balancer needs to know of an instance; {@code primary} and {@code secondary} change as
 * it moves.
 */
final class BalanceInstance {
  /** How an instance's disks are mirrored, which decides how it can move. */
  enum Mirror {
    NONE,
    INTERNAL,
    EXTERNAL
  }

  final int index;
  final Instance instance;
  final Mirror mirror;
  final boolean local;
  final boolean usesMemory;
  final boolean notOffline;
  final boolean usesSecMem;
  final long spindles;
  final List<String> exclusionTags;
  final Set<String> desiredLocations;
  final boolean movable;
  final boolean forthcoming;
  int primary;
  int secondary;
  Utilisation util = Utilisation.BASE;

  BalanceInstance(
      int index,
      Instance instance,
      int primary,
      int secondary,
      List<String> exclusionTags,
      Set<String> desiredLocations,
      boolean movable) {
    this.index = index;
    this.instance = instance;
    this.primary = primary;
    this.secondary = secondary;
    this.exclusionTags = exclusionTags;
    this.desiredLocations = desiredLocations;
    this.movable = movable;
    this.forthcoming = instance.forthcoming();
    this.mirror =
        switch (instance.diskTemplate().mobility()) {
          case INTERNALLY_MIRRORED -> Mirror.INTERNAL;
          case EXTERNALLY_MIRRORED -> Mirror.EXTERNAL;
          case NON_REDUNDANT -> Mirror.NONE;
        };
    this.local = instance.usesLocalStorage();
    this.usesMemory = instance.usesMemory();
    this.notOffline = instance.status() != InstanceStatus.ADMIN_offline;
    this.usesSecMem = notOffline && instance.autoBalance();
    this.spindles = instance.spindles().equals("-") ? -1 : Long.parseLong(instance.spindles());
  }

  long mem() {
    return instance.memory();
  }

  long disk() {
    return instance.disk();
  }

  /**
   * The instance's location score with {@code primary} and {@code secondary} (null: none): the
   * locations its two nodes share, and its desired locations that the primary is not in.
   */
  int locationScore(NodeState primary, NodeState secondary) {
    if (primary.locations.isEmpty() && desiredLocations.isEmpty()) {
      return 0;
    }
    int common = 0;
    if (secondary != null) {
      for (String t : primary.locations) {
        if (secondary.locations.contains(t)) {
          common++;
        }
      }
    }
    int unmet = 0;
    for (String t : desiredLocations) {
      if (!primary.locations.contains(t)) {
        unmet++;
      }
    }
    return common + unmet;
  }
}
