package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.NodeSelection;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.plan.Next;
import org.maintd.plan.PlanItem;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.MaintdState;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.RoundHold;
import org.maintd.wait.ScheduleWait;
import org.maintd.wait.WaitReason;

/** The times a plan waits for, and the earliest one to come. */
class WakeupsTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);

  private static PlanSnapshot plan(
      Optional<WaitReason> held, Optional<WaitReason> planned, List<WaitReason> items) {
    return new PlanSnapshot(
        T0,
        1,
        held,
        List.of(),
        List.of(),
        Map.of(),
        items.stream().map(w -> new PlanItem("balance", "g", Next.waits(w))).toList(),
        planned);
  }

  @Test
  void eachKindOfTimedWaitGivesItsTime() {
    assertEquals(Optional.of(T0.plusSeconds(40)), Wakeups.until(new RoundHold.RoundDelay(40), T0));
    assertEquals(
        Optional.of(T0.plusSeconds(7200)),
        Wakeups.until(
            new PlannedWorkHold.OutsideAllowedHours(
                "mo-su", T0.plusSeconds(7200).atZone(ZoneOffset.UTC)),
            T0));
    assertEquals(
        Optional.of(T0.plusSeconds(60)),
        Wakeups.until(new ScheduleWait.WindowNotStarted(T0.plusSeconds(60), "drains n5"), T0));
    assertEquals(Optional.empty(), Wakeups.until(new RoundHold.Paused("ops"), T0));
  }

  @ParameterizedTest
  @CsvSource({
    "40, 7200, 60, 0, 40",
    "400, 7200, 60, 0, 60",
    "400, 50, 60, 0, 50",
    "400, 50, 60, 50, 60",
    "400, 50, 60, 60, 400",
    "400, 50, 60, 400, -1"
  })
  void theEarliestTimeAfterNowIsTheWakeUp(
      long delay, long opens, long window, long now, long expected) {
    PlanSnapshot p =
        plan(
            Optional.of(new RoundHold.RoundDelay(delay)),
            Optional.of(
                new PlannedWorkHold.OutsideAllowedHours(
                    "mo-su", T0.plusSeconds(opens).atZone(ZoneOffset.UTC))),
            List.of(
                new ScheduleWait.WindowNotStarted(T0.plusSeconds(window), "drains n5"),
                new CapacityWait.NoTarget("room", List.of())));
    assertEquals(
        expected < 0 ? Optional.empty() : Optional.of(T0.plusSeconds(expected)),
        Wakeups.earliest(p, T0.plusSeconds(now)));
  }

  @Test
  void theIncidentsWaitsCount() {
    PlanSnapshot p =
        new PlanSnapshot(
            T0,
            1,
            Optional.empty(),
            List.of(),
            List.of(),
            Map.of(new UUID(0, 1), new ScheduleWait.WindowNotStarted(T0.plusSeconds(9), "x")),
            List.of(),
            Optional.empty());
    assertEquals(Optional.of(T0.plusSeconds(9)), Wakeups.earliest(p, T0));
    assertEquals(Optional.empty(), Wakeups.earliest(PlanSnapshot.none(), T0));
  }

  private static Window window(long start, Long duration) {
    return new Window(
        List.of(MachineId.of("n2")),
        T0.plusSeconds(start).getEpochSecond() * 1_000_000_000L,
        duration == null ? OptionalLong.empty() : OptionalLong.of(duration * 1_000_000_000L),
        false,
        false);
  }

  @ParameterizedTest
  @CsvSource({
    // start, duration, now, expected: kept free from start-2h, drains from start-1h, starts, ends
    "86400, ,     0,     79200",
    "86400, ,     79199, 79200",
    "86400, ,     79200, 82800",
    "86400, ,     82800, 86400",
    "86400, ,     86400, -1",
    "86400, 600,  86400, 87000",
    "86400, 600,  87000, -1",
    "7200,  ,     0,     3600",
  })
  void aWindowMovesAtItsKeepingFreeItsDrainItsStartAndItsEnd(
      long start, Long duration, long now, long expected) {
    assertEquals(
        expected < 0 ? Optional.empty() : Optional.of(T0.plusSeconds(expected)),
        Wakeups.windows(
            new Schedule(List.of(window(start, duration))),
            Duration.ofHours(1),
            T0.plusSeconds(now)));
  }

  @ParameterizedTest
  @CsvSource({
    // window, now (UTC), expected
    "22:00-04:00, 2027-03-01T10:00:00Z, 2027-03-01T22:00:00Z",
    "22:00-04:00, 2027-03-01T21:59:59Z, 2027-03-01T22:00:00Z",
    "02:00-04:00, 2027-03-01T10:00:00Z, 2027-03-02T02:00:00Z",
    "02:00-04:00, 2027-03-01T02:00:00Z, 2027-03-02T02:00:00Z",
  })
  void aDailyWindowOpensNextAtItsStartTodayOrTomorrow(String window, String now, String opens) {
    assertEquals(
        Instant.parse(opens), Wakeups.opening(DailyWindow.parse(window), Instant.parse(now)));
  }

  private static Campaign campaign(CampaignStatus status, String... windows) {
    return new Campaign(
        "c1",
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.MIGRATE_REBOOT,
            0,
            Duration.ofMinutes(5),
            Duration.ofMinutes(15),
            List.of(windows).stream().map(DailyWindow::parse).toList()),
        status,
        "",
        List.of(List.of("n2")),
        0,
        List.of(),
        List.of(),
        List.of(),
        "",
        T0,
        T0);
  }

  @Test
  void onlyACampaignUnderWayOutsideItsWindowsWaitsForTheNextToOpen() {
    Instant tenAm = Instant.parse("2027-03-01T10:00:00Z");
    assertEquals(
        Optional.of(Instant.parse("2027-03-01T12:00:00Z")),
        Wakeups.openings(
            List.of(campaign(CampaignStatus.RUNNING, "22:00-04:00", "12:00-13:00")), tenAm));
    assertEquals(
        Optional.of(Instant.parse("2027-03-01T22:00:00Z")),
        Wakeups.openings(List.of(campaign(CampaignStatus.PAUSED, "22:00-04:00")), tenAm));
    assertEquals(
        Optional.empty(),
        Wakeups.openings(List.of(campaign(CampaignStatus.COMPLETED, "22:00-04:00")), tenAm));
    assertEquals(
        Optional.empty(),
        Wakeups.openings(List.of(campaign(CampaignStatus.RUNNING, "09:00-11:00")), tenAm));
    assertEquals(
        Optional.empty(), Wakeups.openings(List.of(campaign(CampaignStatus.RUNNING)), tenAm));
  }

  @Test
  void theEarliestOfThePlansTheSchedulesAndTheCampaignsTimesIsTheWakeUp() {
    PlanSnapshot p = plan(Optional.of(new RoundHold.RoundDelay(500)), Optional.empty(), List.of());
    MaintdState none = MaintdState.initial(T0);
    assertEquals(
        Optional.of(T0.plusSeconds(500)), Wakeups.earliest(p, none, Duration.ofHours(1), T0));
    MaintdState scheduled =
        none.withMaintenance(
            none.maintenance().withSchedule(new Schedule(List.of(window(7300, null)))));
    assertEquals(
        Optional.of(T0.plusSeconds(100)), Wakeups.earliest(p, scheduled, Duration.ofHours(1), T0));
    assertEquals(
        Optional.empty(), Wakeups.earliest(PlanSnapshot.none(), none, Duration.ofHours(1), T0));
    Instant tenAm = Instant.parse("2027-03-01T10:00:00Z");
    assertEquals(
        Optional.of(Instant.parse("2027-03-01T12:00:00Z")),
        Wakeups.earliest(
            PlanSnapshot.none(),
            none.withCampaigns(List.of(campaign(CampaignStatus.RUNNING, "12:00-13:00"))),
            Duration.ofHours(1),
            tenAm));
  }
}
