package org.maintd.wait;

import java.time.ZonedDateTime;
import java.util.List;

/**
 * Why planned work waits (the guard of planned work: the allowed hours, the alert interlock);
 * repairs of faults never wait for these. Immutable.
 */
public sealed interface PlannedWorkHold extends WaitReason {
  /** Planned work waits: it is outside the allowed {@code hours}, which next open {@code opens}. */
  record OutsideAllowedHours(String hours, ZonedDateTime opens) implements PlannedWorkHold {
    @Override
    public WaitKind waitKind() {
      return WaitKind.ALLOWED_HOURS;
    }

    @Override
    public String text() {
      return "outside the allowed hours (" + hours + "): waits until " + opens.toOffsetDateTime();
    }
  }

  /**
   * Planned work waits while these alerts are active: each alert's name, followed by {@code
   * (pending)} when it does not fire yet.
   */
  record AlertsActive(List<String> alerts) implements PlannedWorkHold {
    /** How many names the text shows at most, as kured's log does. */
    public static final int SHOWN = 10;

    public AlertsActive {
      alerts = List.copyOf(alerts);
    }

    @Override
    public WaitKind waitKind() {
      return WaitKind.ALERT;
    }

    @Override
    public String text() {
      List<String> shown = alerts.subList(0, Math.min(SHOWN, alerts.size()));
      return alerts.size()
          + " alert(s) active: "
          + String.join(", ", shown)
          + (alerts.size() > SHOWN ? ", ..." : "");
    }
  }

  /** Planned work waits: the alerts could not be read, for {@code reason} (fail-safe). */
  record AlertsUnknown(String reason) implements PlannedWorkHold {
    @Override
    public WaitKind waitKind() {
      return WaitKind.ALERT_UNKNOWN;
    }

    @Override
    public String text() {
      return "the alerts cannot be read: " + reason;
    }
  }
}
