package org.maintd.protocol.api;

import java.util.List;
import org.maintd.incident.HistoryEntry;

/**
 * One transition of an incident as {@code /1/incidents} and the state file write it, in its {@code
 * history}: when (seconds since the epoch, as in Ganeti), which, why. Immutable.
 */
public record IncidentEvent(double time, String event, String reason) {

  /** An incident's {@code history}, as written. */
  public static List<IncidentEvent> of(List<HistoryEntry> history) {
    return history.stream()
        .map(h -> new IncidentEvent(Times.seconds(h.at()), h.event(), h.reason()))
        .toList();
  }

  /** The transition back. */
  public HistoryEntry entry() {
    return new HistoryEntry(Times.instant(time), event, reason);
  }
}
