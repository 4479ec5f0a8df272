package org.maintd.campaign;

import org.maintd.wire.WireName;

/**
 * How a node is emptied before its reboot: {@code migrate-reboot} moves primary instances off (DRBD
 * instances to their secondary; DRBD secondaries stay and resynchronise after the reboot); {@code
 * full-evacuation} also gives DRBD instances whose secondary is on the node a new secondary.
 */
public enum CampaignMode implements WireName {
  MIGRATE_REBOOT,
  FULL_EVACUATION;

  public static CampaignMode parse(String text) {
    return WireName.parse(CampaignMode.class, text)
        .orElseThrow(
            () ->
                new CampaignException(
                    CampaignException.Kind.BAD_REQUEST,
                    "'mode' must be migrate-reboot or full-evacuation, not '" + text + "'"));
  }
}
