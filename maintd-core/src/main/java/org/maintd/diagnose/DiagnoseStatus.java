package org.maintd.diagnose;

import org.maintd.wire.WireName;

/** What a node's diagnose asks for, in increasing order of invasiveness. */
public enum DiagnoseStatus implements WireName {
  OK,
  LIVE_REPAIR,
  EVACUATE,
  EVACUATE_FAILOVER;

  /** {@code Ok} for {@link #OK}, as Ganeti's diagnose writes it; the others in lower case. */
  @Override
  public String wireName() {
    return this == OK ? "Ok" : WireName.super.wireName();
  }

  public boolean isEvacuation() {
    return this == EVACUATE || this == EVACUATE_FAILOVER;
  }

  /** True when this status is more invasive than {@code other}. */
  public boolean moreInvasiveThan(DiagnoseStatus other) {
    return ordinal() > other.ordinal();
  }

  public static DiagnoseStatus parse(String text) {
    return WireName.parse(DiagnoseStatus.class, text)
        .orElseThrow(
            () ->
                new DiagnoseFormatException(
                    "unknown status '"
                        + text
                        + "' (expected Ok, live-repair, evacuate or evacuate-failover)"));
  }
}
