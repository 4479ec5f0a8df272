package org.maintd.notify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;

/**
 * The events of incidents between two states: opened (an incident the first state lacks), failed
 * and completed (an incident that came to that status). Stateless.
 */
final class IncidentEvents {
  private IncidentEvents() {}

  static List<Event> between(List<Incident> before, List<Incident> after, Instant now) {
    Map<UUID, Incident> known =
        before.stream().collect(Collectors.toMap(Incident::uuid, Function.identity()));
    List<Event> out = new ArrayList<>();
    for (Incident i : after) {
      Incident was = known.get(i.uuid());
      if (was == null) {
        out.add(
            event(
                EventKind.INCIDENT_OPENED,
                i,
                now,
                "opened: the node reported " + i.diagnosis().status().wireName()));
      }
      if (i.status() != (was == null ? IncidentStatus.NOTED : was.status())) {
        ended(i, now).ifPresent(out::add);
      }
    }
    return out;
  }

  private static Optional<Event> ended(Incident i, Instant now) {
    if (i.status() == IncidentStatus.FAILED) {
      return Optional.of(event(EventKind.INCIDENT_FAILED, i, now, "failed: " + last(i)));
    }
    if (i.status() == IncidentStatus.COMPLETED) {
      return Optional.of(event(EventKind.INCIDENT_COMPLETED, i, now, "completed: " + last(i)));
    }
    return Optional.empty();
  }

  private static Event event(EventKind kind, Incident i, Instant now, String what) {
    return Event.of(
        kind,
        i.uuid().toString(),
        now,
        i.node(),
        "incident " + i.uuid() + " on " + i.node() + " " + what);
  }

  private static String last(Incident i) {
    return i.history().isEmpty() ? "" : i.history().get(i.history().size() - 1).reason();
  }
}
