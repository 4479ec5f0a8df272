package org.maintd.roll;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What to plan reboot groups for, with hroller's options: one node group (by name or uuid), nodes
 * to treat as offline, node tags (a node is selected if it has any of them), offline maintenance
 * (instances may stay down: only DRBD primary–secondary pairs conflict), what to do with
 * non-redundant instances, full evacuation (DRBD secondaries moved off too), and force (no master
 * is only a warning).
 */
public record RollOptions(
    Optional<String> group,
    Set<String> offlineNodes,
    Optional<List<String>> nodeTags,
    boolean offlineMaintenance,
    boolean skipNonRedundant,
    boolean ignoreNonRedundant,
    boolean fullEvacuation,
    boolean force) {

  public RollOptions {
    offlineNodes = Set.copyOf(offlineNodes);
    nodeTags = nodeTags.map(List::copyOf);
  }

  public static RollOptions defaults() {
    return new RollOptions(
        Optional.empty(), Set.of(), Optional.empty(), false, false, false, false, false);
  }
}
