package org.maintd.roll;

import java.util.List;
import java.util.Optional;

/**
 * Reboot groups, in the order to reboot them (largest first, the master last), each with the
 * instance moves that empty it, and warnings for the operator.
 */
public record RollPlan(List<Group> groups, List<String> warnings) {
  public RollPlan {
    groups = List.copyOf(groups);
    warnings = List.copyOf(warnings);
  }

  /** Nodes that can reboot together, and the moves that must happen first. */
  public record Group(List<String> nodes, List<Move> moves) {
    public Group {
      nodes = List.copyOf(nodes);
      moves = List.copyOf(moves);
    }
  }

  /** An instance's new primary (and new secondary, for DRBD). */
  public record Move(String instance, String primary, Optional<String> secondary) {}
}
