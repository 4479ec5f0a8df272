package org.maintd.cluster;

/**
 * Ganeti's instance status as the htools text format and RAPI's {@code status} field spell it. It
 * combines the administrative state (should it run) and the observed run state.
 */
public enum InstanceStatus {
  running(true, true),
  ERROR_up(false, true),
  ERROR_down(true, false),
  ERROR_wrongnode(true, true),
  ERROR_nodeoffline(true, false),
  ERROR_nodedown(true, false),
  ADMIN_down(false, false),
  ADMIN_offline(false, false),
  USER_down(true, false);

  private final boolean adminUp;
  private final boolean observedRunning;

  InstanceStatus(boolean adminUp, boolean running) {
    this.adminUp = adminUp;
    this.observedRunning = running;
  }

  /** Whether the administrator wants the instance to run. */
  public boolean adminUp() {
    return adminUp;
  }

  /** Whether the instance is observed running, so that it can be live-migrated. */
  public boolean isRunning() {
    return observedRunning;
  }

  public static InstanceStatus parse(String text) {
    for (InstanceStatus s : values()) {
      if (s.name().equals(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown instance status '" + text + "'");
  }
}
