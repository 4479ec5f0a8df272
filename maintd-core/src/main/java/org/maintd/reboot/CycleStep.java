package org.maintd.reboot;

import java.util.List;
import java.util.Optional;
import org.maintd.wait.CapacityWait;

/**
 * What one pass over a node's cycle came to: the cycle and the node's active requests after it
 * (those that ended this pass included, with their last status), the action to take this round
 * (empty: none), a sentence on what happens or why it waits, and the safety cap it waits for
 * (empty: none).
 */
public record CycleStep(
    NodeCycle cycle,
    List<RebootRequest> requests,
    Optional<Action> action,
    String text,
    Optional<CapacityWait.CapReached> capped) {
  public CycleStep {
    requests = List.copyOf(requests);
  }
}
