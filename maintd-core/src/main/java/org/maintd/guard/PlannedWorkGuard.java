package org.maintd.guard;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.WaitKind;
import org.maintd.wait.WaitReason;

/**
 * Whether planned work may start now: inside the allowed hours (none: at any time) and while no
 * alert the interlock counts is active (no interlock: alerts do not matter). Outside the hours it
 * says until when; otherwise the alerts, or why they could not be read. Immutable.
 */
public record PlannedWorkGuard(Optional<AllowedHours> hours, Optional<AlertInterlock> alerts) {
  /** The kinds of the reasons the guard gives, as the metrics list them. */
  public static final List<String> KINDS = WaitKind.wireNamesOf(PlannedWorkHold.class);

  /** No guard: planned work may always start. */
  public static PlannedWorkGuard none() {
    return new PlannedWorkGuard(Optional.empty(), Optional.empty());
  }

  /**
   * Why planned work waits at {@code now} with the alerts in {@code state}; empty when it may go.
   */
  public Optional<WaitReason> holds(Instant now, AlertState state) {
    Optional<WaitReason> outside =
        hours
            .filter(h -> !h.contains(now))
            .map(h -> new PlannedWorkHold.OutsideAllowedHours(h.toString(), h.nextOpening(now)));
    if (outside.isPresent()) {
      return outside;
    }
    return alerts.flatMap(a -> a.holds(state));
  }
}
