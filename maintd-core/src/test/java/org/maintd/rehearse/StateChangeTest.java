package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.spi.MaintdState;

/**
 * What counts as a change of the state between two ticks of a rehearsal: not a new version alone,
 * not a campaign's progress text (a soak counting its seconds); a node's phase, a pause, anything
 * else the state says, yes.
 */
class StateChangeTest {
  private static final Instant T0 = Instant.parse("2027-03-01T10:00:00Z");

  private static final Campaign SOAKING =
      new Campaign(
          "c1",
          new CampaignSpec(
              NodeSelection.all(),
              CampaignMode.MIGRATE_REBOOT,
              0,
              Duration.ofHours(1),
              Duration.ofMinutes(15),
              List.of()),
          CampaignStatus.RUNNING,
          "",
          List.of(List.of("n1")),
          0,
          List.of(NodeProgress.waiting("n1", T0).to(NodePhase.SOAK, T0)),
          List.of(),
          List.of(),
          "group 1 of 1: n1: soaking: 10 s of 1 h",
          T0,
          T0);

  private static final MaintdState BEFORE = MaintdState.initial(T0).withCampaigns(List.of(SOAKING));

  @Test
  void aNewVersionOrACampaignsProgressTextIsNoChange() {
    assertFalse(StateChange.between(BEFORE, BEFORE));
    assertFalse(StateChange.between(BEFORE, BEFORE.nextVersion(T0.plusSeconds(30))));
    MaintdState counted =
        BEFORE
            .withCampaigns(List.of(SOAKING.withNext("group 1 of 1: n1: soaking: 40 s of 1 h")))
            .nextVersion(T0.plusSeconds(30));
    assertFalse(StateChange.between(BEFORE, counted));
  }

  @Test
  void aNodesPhaseAPauseOrAnythingElseIsAChange() {
    MaintdState undrained =
        BEFORE.withCampaigns(
            List.of(
                SOAKING.withNodes(
                    List.of(SOAKING.nodes().get(0).to(NodePhase.UNDRAIN, T0.plusSeconds(30))))));
    assertTrue(StateChange.between(BEFORE, undrained));
    assertTrue(StateChange.between(BEFORE, BEFORE.withPaused(true).withPauseReason("ops")));
    assertTrue(StateChange.between(BEFORE, BEFORE.withCampaigns(List.of())));
  }
}
