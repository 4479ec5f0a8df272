package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.incident.Observation;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;

/**
 * When the daemon last polled and when a campaign last moved, as the alert rules compare them with
 * Prometheus' time: the newest reading; the latest phase change of a campaign that runs, aborts or
 * fails (the least recent of several), none for a paused or ended one.
 */
class FreshnessGaugesTest {
  static final Instant T = Instant.parse("2026-11-29T12:00:00Z");
  private static final CampaignSpec SPEC =
      new CampaignSpec(
          NodeSelection.all(),
          CampaignMode.MIGRATE_REBOOT,
          0,
          Duration.ofSeconds(60),
          Duration.ofMinutes(10),
          List.of());

  /** A campaign started at T whose n2 changed phase {@code moved} seconds later (n1 waits). */
  static Campaign campaign(String id, CampaignStatus status, long moved) {
    return new Campaign(
        id,
        SPEC,
        status,
        "",
        List.of(List.of("n1", "n2")),
        0,
        List.of(
            NodeProgress.waiting("n1", T),
            NodeProgress.waiting("n2", T).to(NodePhase.DRAIN, T.plusSeconds(moved))),
        List.of(),
        List.of(),
        "",
        T,
        T);
  }

  private static CollectorReading reading(String node, long after) {
    return new CollectorReading(node, new Observation.Clear(), "ok", "Ok", T.plusSeconds(after));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "RUNNING, 90",
    "ABORTING, 90",
    "FAILING, 90",
    "PAUSED, 0",
    "COMPLETED, 0",
    "ABORTED, 0",
    "FAILED, 0"
  })
  void aCampaignUnderWayShowsWhenItsNodesLastMovedAndAPausedOrEndedOneShowsNone(
      CampaignStatus status, long shown) {
    double expected = shown == 0 ? 0 : T.plusSeconds(shown).getEpochSecond();
    assertEquals(
        expected,
        FreshnessGauges.campaignProgress(List.of(campaign("c1", status, 90))),
        status.name());
  }

  @Test
  void aCampaignWhoseNodesAllWaitShowsItsStart() {
    Campaign waiting =
        campaign("c1", CampaignStatus.RUNNING, 0)
            .withNodes(List.of(NodeProgress.waiting("n1", T), NodeProgress.waiting("n2", T)));
    assertEquals(T.getEpochSecond(), FreshnessGauges.campaignProgress(List.of(waiting)));
  }

  @Test
  void ofTwoCampaignsUnderWayTheOneThatMovedLeastRecentlyIsShown() {
    List<Campaign> two =
        List.of(
            campaign("c1", CampaignStatus.RUNNING, 300),
            campaign("c2", CampaignStatus.RUNNING, 120),
            campaign("c3", CampaignStatus.PAUSED, 60));
    assertEquals(T.plusSeconds(120).getEpochSecond(), FreshnessGauges.campaignProgress(two));
  }

  @Test
  void theLastPollIsTheNewestReadingAndNoneBeforeTheFirstPoll() {
    assertEquals(0.0, FreshnessGauges.lastPoll(List.of()));
    assertEquals(
        T.plusSeconds(31).toEpochMilli() / 1000.0,
        FreshnessGauges.lastPoll(List.of(reading("n1", 30), reading("n2", 31), reading("n3", 29))));
  }

  @Test
  void theMetricsShowTheCampaignsProgressFromTheStateAndNoPollBeforeTheFirst() {
    MaintdState state =
        MaintdState.initial(T).withCampaigns(List.of(campaign("c1", CampaignStatus.RUNNING, 45)));
    String text = new DaemonMetrics(state).scrape();
    assertEquals(
        T.plusSeconds(45).getEpochSecond(),
        value(text, "maintd_campaign_progress_timestamp_seconds"));
    assertEquals(0.0, value(text, "maintd_last_poll_timestamp_seconds"));
  }

  private static double value(String text, String name) {
    Matcher m = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(text);
    assertTrue(m.find(), name + " in\n" + text);
    return Double.parseDouble(m.group(1));
  }
}
