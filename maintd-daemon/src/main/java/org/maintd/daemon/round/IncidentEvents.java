package org.maintd.daemon.round;

import java.util.List;
import org.maintd.incident.Change;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Logs lifecycle changes, one line each, with the incident and node in the line. */
final class IncidentEvents {
  private static final Logger log = LoggerFactory.getLogger(IncidentEvents.class);

  private IncidentEvents() {}

  static void log(List<Change> changes) {
    for (Change c : changes) {
      log.info("[incident={}] [node={}] {}: {}", c.uuid(), c.node(), c.kind().name().toLowerCase(java.util.Locale.ROOT), c.reason());
    }
  }
}
