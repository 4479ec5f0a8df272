package org.maintd.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.reboot.RequestStatus;
import org.maintd.spi.MaintdState;
import org.maintd.testing.CampaignSpecs;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.WaitReason;

/** Which changes between two stored states make which events, at and around each boundary. */
class StateEventsTest {
  private static final Instant NOW = Instant.parse("2026-11-29T15:00:00Z");
  private static final Instant T0 = Instant.parse("2026-11-29T14:00:00Z");
  private static final UUID U = UUID.fromString("9724c479-0000-4000-8000-000000000001");
  private static final MaintdState EMPTY = MaintdState.initial(T0);

  static Stream<Arguments> changes() {
    return Stream.of(
        of("nothing changed", EMPTY, EMPTY),
        of("an incident appears", EMPTY, incident(IncidentStatus.NOTED), "incident-opened/" + U),
        of(
            "an incident appears already failed",
            EMPTY,
            incident(IncidentStatus.FAILED),
            "incident-opened/" + U,
            "incident-failed/" + U),
        of("noted to pending", incident(IncidentStatus.NOTED), incident(IncidentStatus.PENDING)),
        of(
            "pending to failed",
            incident(IncidentStatus.PENDING),
            incident(IncidentStatus.FAILED),
            "incident-failed/" + U),
        of(
            "pending to completed",
            incident(IncidentStatus.PENDING),
            incident(IncidentStatus.COMPLETED),
            "incident-completed/" + U),
        of(
            "pending to canceled",
            incident(IncidentStatus.PENDING),
            incident(IncidentStatus.CANCELED)),
        of("failed stays failed", incident(IncidentStatus.FAILED), incident(IncidentStatus.FAILED)),
        of("an incident forgotten", incident(IncidentStatus.COMPLETED), EMPTY),
        of("a campaign starts", EMPTY, campaign(CampaignStatus.RUNNING), "campaign-started/c1"),
        of(
            "running to paused",
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.PAUSED),
            "campaign-paused/c1/" + NOW.toEpochMilli()),
        of("paused to running", campaign(CampaignStatus.PAUSED), campaign(CampaignStatus.RUNNING)),
        of(
            "running to failing",
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.FAILING),
            "campaign-stuck/c1"),
        of(
            "failing to failed",
            campaign(CampaignStatus.FAILING),
            campaign(CampaignStatus.FAILED),
            "campaign-finished/c1"),
        of(
            "running to completed",
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.COMPLETED),
            "campaign-finished/c1"),
        of(
            "running to aborting",
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.ABORTING)),
        of(
            "aborting to aborted",
            campaign(CampaignStatus.ABORTING),
            campaign(CampaignStatus.ABORTED),
            "campaign-finished/c1"),
        of("UP to DRAIN", EMPTY, mode(MachineMode.DRAIN, T0), "machine-drain/n5/" + ms(T0)),
        of(
            "DRAIN to DOWN",
            mode(MachineMode.DRAIN, T0),
            mode(MachineMode.DOWN, NOW),
            "machine-down/n5/" + ms(NOW)),
        of("DRAIN stays DRAIN", mode(MachineMode.DRAIN, T0), mode(MachineMode.DRAIN, T0)),
        of("DOWN to UP", mode(MachineMode.DOWN, T0), EMPTY, "machine-up/n5/" + ms(T0)),
        of(
            "a request comes to held",
            reboot(RequestStatus.POWERING_OFF, false),
            reboot(RequestStatus.HELD, false),
            "reboot-held/r1"),
        of("held stays held", reboot(RequestStatus.HELD, false), reboot(RequestStatus.HELD, false)),
        of("a request appears pending", EMPTY, reboot(RequestStatus.PENDING, false)),
        of(
            "a request appears already held and released",
            EMPTY,
            reboot(RequestStatus.HELD, true),
            "reboot-held/r1",
            "reboot-released/r1"),
        of(
            "released stays released",
            reboot(RequestStatus.HELD, true),
            reboot(RequestStatus.HELD, true)),
        of(
            "its key released",
            reboot(RequestStatus.HELD, false),
            reboot(RequestStatus.HELD, true),
            "reboot-released/r1"),
        of(
            "the storm guard trips",
            EMPTY,
            EMPTY.withStormArmed(false).withPaused(true, "storm").withSerial(8),
            "storm-tripped/8"),
        of("the storm guard re-armed", EMPTY.withStormArmed(false), EMPTY),
        of("paused by hand", EMPTY, EMPTY.withPaused(true, "operator")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("changes")
  void eachChangeMakesItsEventsOnly(
      String name, MaintdState before, MaintdState after, List<String> ids) {
    List<Event> events = StateEvents.between(seen(before), seen(after), NOW);
    assertEquals(ids, ids(events));
    assertTrue(events.stream().allMatch(e -> e.time().equals(NOW)), events::toString);
  }

  static Stream<Arguments> sayings() {
    return Stream.of(
        said(
            EMPTY,
            incident(IncidentStatus.NOTED),
            "node3",
            "incident " + U + " on node3 opened: the node reported evacuate"),
        said(
            incident(IncidentStatus.PENDING),
            incident(IncidentStatus.FAILED),
            "node3",
            "incident " + U + " on node3 failed: job 7 failed"),
        said(
            incident(IncidentStatus.PENDING),
            incident(IncidentStatus.COMPLETED),
            "node3",
            "incident " + U + " on node3 completed: job 7 failed"),
        said(EMPTY, campaign(CampaignStatus.RUNNING), "c1", "campaign c1 started"),
        said(
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.PAUSED),
            "c1",
            "campaign c1 paused"),
        said(
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.PAUSED, "by ops"),
            "c1",
            "campaign c1 paused: by ops"),
        said(
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.FAILING, "n2 did not come back"),
            "c1",
            "campaign c1 stuck: n2 did not come back"),
        said(
            campaign(CampaignStatus.RUNNING),
            campaign(CampaignStatus.COMPLETED),
            "c1",
            "campaign c1 finished: completed"),
        said(
            campaign(CampaignStatus.ABORTING, "by ops"),
            campaign(CampaignStatus.ABORTED, "by ops"),
            "c1",
            "campaign c1 finished: aborted: by ops"),
        said(EMPTY, mode(MachineMode.DRAIN, T0), "n5", "machine n5 DRAIN: window"),
        said(mode(MachineMode.DRAIN, T0), mode(MachineMode.DOWN, NOW, ""), "n5", "machine n5 DOWN"),
        said(mode(MachineMode.DOWN, T0), EMPTY, "n5", "machine n5 UP: back in service after DOWN"),
        said(
            reboot(RequestStatus.POWERING_OFF, false),
            reboot(RequestStatus.HELD, false),
            "n4",
            "reboot request r1 with key k holds node n4 off"),
        said(
            reboot(RequestStatus.HELD, false),
            reboot(RequestStatus.HELD, true),
            "n4",
            "reboot request r1 with key k released node n4"),
        said(
            EMPTY,
            EMPTY.withStormArmed(false).withPaused(true, "3 incidents in 10 minutes"),
            "",
            "storm guard tripped: 3 incidents in 10 minutes"));
  }

  @ParameterizedTest(name = "{3}")
  @MethodSource("sayings")
  void anEventSaysWhatHappenedWithItsReasonOnlyWhenItHasOne(
      MaintdState before, MaintdState after, String subject, String text) {
    List<Event> events = StateEvents.between(seen(before), seen(after), NOW);
    assertEquals(
        List.of(subject + " | " + text),
        events.stream().map(e -> e.subject() + " | " + e.text()).toList());
  }

  @Test
  void plannedWorkHeldIsToldOnceForTheSameHoldAndAgainForAnother() {
    WaitReason hours =
        new PlannedWorkHold.OutsideAllowedHours(
            "mo-fr 22:00-06:00 UTC", NOW.plus(Duration.ofHours(7)).atZone(ZoneOffset.UTC));
    WaitReason alerts = new PlannedWorkHold.AlertsActive(List.of("NodeDown", "DiskFull"));
    Seen none = new Seen(EMPTY, Optional.empty());
    Seen byHours = new Seen(EMPTY, Optional.of(hours));
    Seen byAlerts = new Seen(EMPTY, Optional.of(alerts));

    assertEquals(
        List.of("planned-work-held/allowed-hours/" + ms(NOW.plus(Duration.ofHours(7)))),
        ids(StateEvents.between(none, byHours, NOW)));
    assertEquals(List.of(), StateEvents.between(byHours, byHours, NOW));
    assertEquals(
        List.of("planned-work-held/alert/DiskFull,NodeDown"),
        ids(StateEvents.between(byHours, byAlerts, NOW)));
    assertEquals(List.of(), StateEvents.between(byAlerts, none, NOW));
  }

  @Test
  void aHoldWhileTheAlertsCannotBeReadIsToldOnceForEachReasonUnderItsOwnIdentity() {
    Seen none = new Seen(EMPTY, Optional.empty());
    Seen refused = unread("connection refused");
    Seen timedOut = unread("timed out after 5 s");

    List<Event> first = StateEvents.between(none, refused, NOW);
    assertEquals(List.of(EventKind.PLANNED_WORK_HELD), first.stream().map(Event::kind).toList());
    assertEquals(
        "planned work held: the alerts cannot be read: connection refused", first.get(0).text());
    assertEquals(
        ids(first),
        ids(StateEvents.between(none, unread("connection refused"), NOW.plusSeconds(60))));
    assertEquals(List.of(), StateEvents.between(refused, unread("connection refused"), NOW));

    List<Event> another = StateEvents.between(refused, timedOut, NOW);
    assertEquals(1, another.size(), another::toString);
    assertTrue(
        another.get(0).id().startsWith("planned-work-held/alert-unknown/"), another::toString);
    assertNotEquals(first.get(0).id(), another.get(0).id());
  }

  @Test
  void theDaemonsOwnEventsAreKnownByTheTermOrTheKeyTheyAreGiven() {
    Event leads = StateEvents.leaderChanged("http://10.0.0.2:8080", "epoch-7", NOW);
    assertEquals(EventKind.LEADER_CHANGED, leads.kind());
    assertEquals("leader-changed/epoch-7", leads.id());
    assertEquals(NOW, leads.time());
    assertEquals("http://10.0.0.2:8080", leads.subject());
    assertEquals("maintd at http://10.0.0.2:8080 leads now", leads.text());

    Event test = StateEvents.test("1764428400000", NOW);
    assertEquals(EventKind.TEST, test.kind());
    assertEquals("test/1764428400000", test.id());
    assertEquals(NOW, test.time());
    assertEquals("", test.subject());
    assertEquals("a test of maintd's notifications: this receiver works", test.text());
  }

  private static Arguments of(String name, MaintdState before, MaintdState after, String... ids) {
    return Arguments.of(name, before, after, List.of(ids));
  }

  private static Arguments said(
      MaintdState before, MaintdState after, String subject, String text) {
    return Arguments.of(before, after, subject, text);
  }

  private static Seen unread(String reason) {
    return new Seen(EMPTY, Optional.of(new PlannedWorkHold.AlertsUnknown(reason)));
  }

  private static List<String> ids(List<Event> events) {
    return events.stream().map(Event::id).toList();
  }

  private static Seen seen(MaintdState s) {
    return new Seen(s, Optional.empty());
  }

  private static long ms(Instant t) {
    return t.toEpochMilli();
  }

  private static MaintdState incident(IncidentStatus status) {
    Incident i =
        Incident.noted(
                U, "node3", new Diagnosis(DiagnoseStatus.EVACUATE, Optional.empty(), Map.of()), T0)
            .withStatus(status)
            .withHistory(List.of(new org.maintd.incident.HistoryEntry(T0, "x", "job 7 failed")));
    return EMPTY.withIncidents(List.of(i));
  }

  private static MaintdState campaign(CampaignStatus status) {
    return campaign(status, "");
  }

  private static MaintdState campaign(CampaignStatus status, String stopReason) {
    CampaignSpec spec = CampaignSpecs.oneNode("n2");
    Campaign c =
        new Campaign(
            "c1",
            spec,
            status,
            stopReason,
            List.of(),
            0,
            List.of(),
            List.of(),
            List.of(),
            "",
            T0,
            NOW);
    return EMPTY.withCampaigns(List.of(c));
  }

  private static MaintdState mode(MachineMode m, Instant since) {
    return mode(m, since, "window");
  }

  private static MaintdState mode(MachineMode m, Instant since, String reason) {
    return EMPTY.withMaintenance(
        EMPTY.maintenance().withMode(new MaintenanceMode("n5", m, since, reason)));
  }

  private static MaintdState reboot(RequestStatus status, boolean released) {
    RebootRequest r =
        RebootRequest.accepted(
                "r1",
                new RebootAsk(
                    "n4",
                    org.maintd.reboot.RebootMode.SOFT,
                    Optional.of("k"),
                    "",
                    true,
                    false,
                    "ops"),
                T0)
            .withStatus(status)
            .withReleased(released);
    return EMPTY.withReboots(new Reboots(List.of(r), List.of()));
  }
}
