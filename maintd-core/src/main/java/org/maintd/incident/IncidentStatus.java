package org.maintd.incident;

import org.maintd.wire.WireName;

/** An incident's {@code repair-status}, spelled on the wire as Ganeti's maintd spells it. */
public enum IncidentStatus implements WireName {
  NOTED,
  PENDING,
  CANCELED,
  FAILED,
  COMPLETED;

  /** Noted or pending: the daemon may still act on it. */
  public boolean isActive() {
    return this == NOTED || this == PENDING;
  }

  public static IncidentStatus parse(String text) {
    return WireName.parse(IncidentStatus.class, text)
        .orElseThrow(() -> new IllegalArgumentException("unknown repair-status '" + text + "'"));
  }
}
