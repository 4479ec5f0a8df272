package org.maintd.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
  void anEventSaysWhatHappenedToWhat() {
    Event failed =
        StateEvents.between(
                seen(incident(IncidentStatus.PENDING)), seen(incident(IncidentStatus.FAILED)), NOW)
            .get(0);
    assertEquals(EventKind.INCIDENT_FAILED, failed.kind());
    assertEquals("node3", failed.subject());
    assertEquals("incident " + U + " on node3 failed: job 7 failed", failed.text());
  }

  private static Arguments of(String name, MaintdState before, MaintdState after, String... ids) {
    return Arguments.of(name, before, after, List.of(ids));
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
    CampaignSpec spec = CampaignSpecs.oneNode("n2");
    Campaign c =
        new Campaign(
            "c1", spec, status, "", List.of(), 0, List.of(), List.of(), List.of(), "", T0, NOW);
    return EMPTY.withCampaigns(List.of(c));
  }

  private static MaintdState mode(MachineMode m, Instant since) {
    return EMPTY.withMaintenance(
        EMPTY.maintenance().withMode(new MaintenanceMode("n5", m, since, "window")));
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
