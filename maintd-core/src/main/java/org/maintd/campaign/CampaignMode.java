package org.maintd.campaign;

import java.util.Arrays;

/**
 * How a node is emptied before its reboot: {@code migrate-reboot} moves primary instances off (DRBD
 * instances to their secondary; DRBD secondaries stay and resynchronise after the reboot); {@code
 * full-evacuation} also gives DRBD instances whose secondary is on the node a new secondary.
 */
public enum CampaignMode {
  MIGRATE_REBOOT("migrate-reboot"),
  FULL_EVACUATION("full-evacuation");

  private final String wireName;

  CampaignMode(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static CampaignMode parse(String text) {
    return Arrays.stream(values())
        .filter(m -> m.wireName.equals(text))
        .findFirst()
        .orElseThrow(
            () ->
                new CampaignException(
                    CampaignException.Kind.BAD_REQUEST,
                    "'mode' must be migrate-reboot or full-evacuation, not '" + text + "'"));
  }
}
