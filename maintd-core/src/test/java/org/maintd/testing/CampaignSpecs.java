package org.maintd.testing;

import java.time.Duration;
import java.util.List;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.NodeSelection;

/** Campaign specifications for tests. */
public final class CampaignSpecs {
  private CampaignSpecs() {}

  /** Migrate and reboot {@code node} alone: 10 s soak, 5 min boot timeout, no windows. */
  public static CampaignSpec oneNode(String node) {
    return new CampaignSpec(
        new NodeSelection(List.of(node), "", List.of()),
        CampaignMode.MIGRATE_REBOOT,
        0,
        Duration.ofSeconds(10),
        Duration.ofMinutes(5),
        List.of());
  }
}
