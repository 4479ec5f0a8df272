package org.maintd.diagnose;

/** What a node's diagnose asks for, in increasing order of invasiveness. */
public enum DiagnoseStatus {
  OK("Ok"),
  LIVE_REPAIR("live-repair"),
  EVACUATE("evacuate"),
  EVACUATE_FAILOVER("evacuate-failover");

  private final String wireName;

  DiagnoseStatus(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public boolean isEvacuation() {
    return this == EVACUATE || this == EVACUATE_FAILOVER;
  }

  /** True when this status is more invasive than {@code other}. */
  public boolean moreInvasiveThan(DiagnoseStatus other) {
    return ordinal() > other.ordinal();
  }

  public static DiagnoseStatus parse(String text) {
    for (DiagnoseStatus s : values()) {
      if (s.wireName.equals(text)) {
        return s;
      }
    }
    throw new DiagnoseFormatException(
        "unknown status '" + text + "' (expected Ok, live-repair, evacuate or evacuate-failover)");
  }
}
