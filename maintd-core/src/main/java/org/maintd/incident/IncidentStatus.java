package org.maintd.incident;

/** An incident's {@code repair-status}, spelled on the wire as Ganeti's maintd spells it. */
public enum IncidentStatus {
  NOTED("noted"),
  PENDING("pending"),
  CANCELED("canceled"),
  FAILED("failed"),
  COMPLETED("completed");

  private final String wireName;

  IncidentStatus(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /** Noted or pending: the daemon may still act on it. */
  public boolean isActive() {
    return this == NOTED || this == PENDING;
  }

  public static IncidentStatus parse(String text) {
    for (IncidentStatus s : values()) {
      if (s.wireName.equals(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown repair-status '" + text + "'");
  }
}
