package org.maintd.notify;

import java.util.Optional;
import org.maintd.spi.MaintdState;
import org.maintd.wait.WaitReason;

/**
 * What one step left that events are made from: the state as stored, and what holds planned work
 * (empty: nothing does, or no plan was made yet). Immutable.
 */
public record Seen(MaintdState state, Optional<WaitReason> plannedWorkHeld) {
  public Seen {
    plannedWorkHeld = plannedWorkHeld == null ? Optional.empty() : plannedWorkHeld;
  }
}
