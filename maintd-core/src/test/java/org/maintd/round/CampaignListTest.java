package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Campaigns;

/** The round's view of the campaign list: what a held-back round tells them, what is logged. */
class CampaignListTest {
  private static final Instant T0 = StepDriver.T0;

  private static Campaign campaign(String id) {
    return new Campaigns()
        .create(id, PlanningTest.oneNode("n4"), StepDriver.cluster(), T0)
        .withNext("drain n4");
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(CampaignStatus.class)
  void aHeldBackRoundTellsTheCampaignsUnderWayWhyAndLeavesPausedAndEndedOnesAlone(
      CampaignStatus status) {
    Campaign c = campaign("c1").withStatus(status, "").withNext("its own words");
    Campaign after = CampaignList.waiting(List.of(c), "paused: by alice").get(0);
    boolean underWay = status == CampaignStatus.RUNNING || status.isStopping();
    assertEquals(underWay ? "paused: by alice" : "its own words", after.next());
    assertEquals(status, after.status());
  }

  @ParameterizedTest(name = "c1 had {0} events, c2 had {1}")
  @CsvSource({"0,0", "1,0", "0,2", "2,1", "3,3"})
  void eachCampaignsNewEventsAreLoggedOnceAndNoOthers(int seen1, int seen2) {
    Campaign c1 = withEvents(campaign("c1"), "a", 3);
    Campaign c2 = withEvents(campaign("c2"), "b", 3);
    Campaign before1 = truncated(c1, seen1);
    Campaign before2 = truncated(c2, seen2);
    List<LogLine> log = CampaignList.changes(List.of(before1, before2), List.of(c1, c2));
    List<String> expected = new java.util.ArrayList<>();
    c1.history().subList(before1.history().size(), c1.history().size()).stream()
        .forEach(e -> expected.add(line("c1", e)));
    c2.history().subList(before2.history().size(), c2.history().size()).stream()
        .forEach(e -> expected.add(line("c2", e)));
    assertEquals(expected, log.stream().map(LogLine::text).toList());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"c1", "c2"})
  void aNewCampaignHasAllItsEventsLogged(String id) {
    Campaign old = withEvents(campaign("old"), "a", 3);
    Campaign fresh = withEvents(campaign(id), "b", 2);
    List<LogLine> log = CampaignList.changes(List.of(old), List.of(old, fresh));
    assertEquals(
        fresh.history().stream().map(e -> line(id, e)).toList(),
        log.stream().map(LogLine::text).toList());
  }

  private static String line(String id, org.maintd.campaign.CampaignEvent e) {
    return "[campaign=" + id + "] " + e.event() + ": " + e.detail();
  }

  private static Campaign withEvents(Campaign c, String prefix, int n) {
    Campaign out = c;
    for (int i = 0; i < n; i++) {
      out = out.event(T0.plusSeconds(i), prefix + i, "detail " + prefix + i);
    }
    return out;
  }

  /** The campaign as it was when it had its first {@code events} events beyond its creation. */
  private static Campaign truncated(Campaign c, int extra) {
    int base = c.history().size() - 3;
    return c.withHistory(c.history().subList(0, base + extra));
  }
}
