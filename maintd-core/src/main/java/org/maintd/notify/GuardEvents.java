package org.maintd.notify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.WaitReason;

/**
 * The events of the guards between two steps: the storm guard tripping (it was armed and is not:
 * automatic actions were paused; known by the serial of the state that stored it), and planned work
 * held by a guard (a hold that differs from the last one; known by what holds it: the allowed
 * hours' next opening, the active alerts, or why the alerts cannot be read). Stateless.
 */
final class GuardEvents {
  private GuardEvents() {}

  static List<Event> between(Seen before, Seen after, Instant now) {
    List<Event> out = new ArrayList<>();
    if (before.state().stormArmed() && !after.state().stormArmed()) {
      out.add(
          Event.of(
              EventKind.STORM_TRIPPED,
              Long.toString(after.state().serial()),
              now,
              "",
              "storm guard tripped: " + after.state().pauseReason()));
    }
    held(before.plannedWorkHeld(), after.plannedWorkHeld(), now).ifPresent(out::add);
    return out;
  }

  private static Optional<Event> held(
      Optional<WaitReason> before, Optional<WaitReason> after, Instant now) {
    if (after.isEmpty() || after.equals(before)) {
      return Optional.empty();
    }
    WaitReason hold = after.get();
    return Optional.of(
        Event.of(
            EventKind.PLANNED_WORK_HELD,
            hold.waitKind().wireName() + "/" + key(hold),
            now,
            "",
            "planned work held: " + hold.text()));
  }

  private static String key(WaitReason hold) {
    if (hold instanceof PlannedWorkHold.OutsideAllowedHours h) {
      return Long.toString(h.opens().toInstant().toEpochMilli());
    }
    if (hold instanceof PlannedWorkHold.AlertsActive a) {
      return String.join(",", a.alerts().stream().sorted().toList());
    }
    if (hold instanceof PlannedWorkHold.AlertsUnknown u) {
      return Integer.toHexString(u.reason().hashCode());
    }
    throw new IllegalArgumentException("planned work is held only by a guard, not by " + hold);
  }
}
