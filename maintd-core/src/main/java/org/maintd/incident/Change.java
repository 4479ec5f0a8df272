package org.maintd.incident;

import java.util.UUID;

/** Something the lifecycle did to an incident, for logs and metrics. */
public record Change(UUID uuid, String node, Kind kind, String reason) {
  /** The kinds of change worth a log line. */
  public enum Kind {
    NOTED,
    SUPERSEDED,
    CLOSED,
    FORGOTTEN,
    ACKNOWLEDGED,
    CANCELED,
    PENDING,
    FAILED,
    COMPLETED
  }
}
