package org.maintd.notify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MaintenanceMode;

/**
 * The events of the maintenance schedule's machines between two states: a machine going {@code
 * DRAIN} or {@code DOWN} (a mode it did not have), and {@code UP} (its mode record gone). Each is
 * known by its machine and the time its mode began (for {@code UP}, the time the mode it left
 * began). Stateless.
 */
final class MachineEvents {
  private MachineEvents() {}

  static List<Event> between(
      List<MaintenanceMode> before, List<MaintenanceMode> after, Instant now) {
    Map<String, MaintenanceMode> was = ByKey.lastOf(before, MaintenanceMode::hostname);
    Map<String, MaintenanceMode> is = ByKey.lastOf(after, MaintenanceMode::hostname);
    List<Event> out = new ArrayList<>();
    for (MaintenanceMode m : after) {
      MaintenanceMode old = was.get(m.hostname());
      if (old == null || old.mode() != m.mode()) {
        out.add(event(kind(m.mode()), m, now, m.mode().name() + why(m)));
      }
    }
    for (MaintenanceMode m : before) {
      if (!is.containsKey(m.hostname())) {
        out.add(event(EventKind.MACHINE_UP, m, now, "UP: back in service after " + m.mode()));
      }
    }
    return out;
  }

  private static EventKind kind(MachineMode mode) {
    if (mode == MachineMode.DRAIN) {
      return EventKind.MACHINE_DRAIN;
    }
    if (mode == MachineMode.DOWN) {
      return EventKind.MACHINE_DOWN;
    }
    throw new IllegalArgumentException("a mode record is DRAIN or DOWN, not " + mode);
  }

  private static String why(MaintenanceMode m) {
    return m.reason().isEmpty() ? "" : ": " + m.reason();
  }

  private static Event event(EventKind kind, MaintenanceMode m, Instant now, String what) {
    return Event.of(
        kind,
        m.hostname() + "/" + m.since().toEpochMilli(),
        now,
        m.hostname(),
        "machine " + m.hostname() + " " + what);
  }
}
