package org.maintd.notify;

import java.util.Arrays;
import java.util.List;
import org.maintd.wire.WireName;

/**
 * What an event tells, named on the wire and in the configuration in lower case with hyphens
 * ({@code INCIDENT_OPENED} is {@code incident-opened}).
 */
public enum EventKind implements WireName {
  INCIDENT_OPENED,
  INCIDENT_FAILED,
  INCIDENT_COMPLETED,
  CAMPAIGN_STARTED,
  CAMPAIGN_PAUSED,
  CAMPAIGN_STUCK,
  CAMPAIGN_FINISHED,
  MACHINE_DRAIN,
  MACHINE_DOWN,
  MACHINE_UP,
  REBOOT_HELD,
  REBOOT_RELEASED,
  STORM_TRIPPED,
  LEADER_CHANGED,
  PLANNED_WORK_HELD,
  TEST;

  /** The wire names of the kinds a receiver may ask for: every kind but the test. */
  public static List<String> wanted() {
    return Arrays.stream(values()).filter(k -> k != TEST).map(EventKind::wireName).toList();
  }
}
