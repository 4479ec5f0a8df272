package org.maintd.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.machine.MachineMode;
import org.maintd.testing.ClusterBuilder;

/**
 * Posting a schedule, by Mesos' rules: every rule answered with a message naming it and the
 * machine; unknown hostnames kept with a warning; modes kept, a DOWN machine never dropped, a
 * draining one dropped is released; an answer kept while its window keeps its terms.
 */
class ScheduleRulesTest {
  static final long HOUR = 3_600_000_000_000L;
  static final long START = 1_800_003_600_000_000_000L;
  static final Instant T = Instant.ofEpochSecond(1_800_000_000);

  static final Cluster CLUSTER =
      new ClusterBuilder()
          .node("node5.example.com", "g", 8192, 100000, true)
          .node("node6.example.com", "g", 8192, 100000, false)
          .node("node7.example.com", "g", 8192, 100000, false)
          .build();

  /** Every node reported Ok at the last poll. */
  static final java.util.Set<String> OK =
      java.util.Set.of("node5.example.com", "node6.example.com", "node7.example.com");

  static MachineId m(String hostname) {
    return MachineId.of(hostname);
  }

  static MachineId m(String hostname, String ip) {
    return new MachineId(hostname, Optional.of(ip));
  }

  static Window window(long start, Long duration, MachineId... machines) {
    return new Window(
        List.of(machines),
        start,
        duration == null ? OptionalLong.empty() : OptionalLong.of(duration),
        false,
        false);
  }

  static Schedule schedule(Window... windows) {
    return new Schedule(List.of(windows));
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of(
            schedule(window(START, HOUR)),
            "windows[0]: List of machines in the maintenance window is empty"),
        Arguments.of(
            schedule(window(START, HOUR, m("node5")), window(START, -1L, m("node6"))),
            "windows[1]: Unavailability 'duration' is negative"),
        Arguments.of(
            schedule(window(START, HOUR, m("node5")), window(-1L, HOUR, m("node6"))),
            "windows[1]: Unavailability 'start' is before 1970 (1969-12-31T23:59:59.999999999Z):"
                + " a window starts at a time in nanoseconds since 1970-01-01T00:00:00Z"),
        Arguments.of(
            schedule(window(Long.MIN_VALUE, null, m("node5"))),
            "windows[0]: Unavailability 'start' is before 1970 (1677-09-21T00:12:43.145224192Z):"
                + " a window starts at a time in nanoseconds since 1970-01-01T00:00:00Z"),
        Arguments.of(
            schedule(window(START, 0L, m("node5"))),
            "windows[0]: Unavailability 'duration' is zero: a window lasts some time (leave"
                + " 'duration' out for a window with no end)"),
        Arguments.of(
            schedule(window(START, HOUR, new MachineId("", Optional.empty()))),
            "windows[0].machine_ids[0]: Both 'hostname' and 'ip' for a machine are empty"),
        Arguments.of(
            schedule(window(START, HOUR, m("node5"), m("", "10.0.0.6"))),
            "windows[0].machine_ids[1]: 'hostname' is empty: maintd names machines by hostname"
                + " (the node's name), an IP alone names no node"),
        Arguments.of(
            schedule(window(START, HOUR, m("node5", "10.0.0.256"))),
            "windows[0].machine_ids[0]: Failed to parse IP address: 10.0.0.256"),
        Arguments.of(
            schedule(window(START, HOUR, m("node5", "fe80::1::2"))),
            "windows[0].machine_ids[0]: Failed to parse IP address: fe80::1::2"),
        Arguments.of(
            schedule(window(START, HOUR, m("node5")), window(START + HOUR, HOUR, m("NODE5"))),
            "Machine '{\"hostname\":\"NODE5\"}' appears more than once in the schedule"),
        Arguments.of(
            schedule(window(START, HOUR, m("node5"), m("node5.example.com", "10.0.0.5"))),
            "Machine '{\"hostname\":\"node5.example.com\",\"ip\":\"10.0.0.5\"}' appears more than"
                + " once in the schedule"),
        Arguments.of(
            schedule(window(Long.MAX_VALUE - 10, 11L, m("node5"))),
            "windows[0]: the window ends after the year 2262 (start + duration)"));
  }

  @ParameterizedTest
  @MethodSource("invalid")
  void aScheduleBreakingARuleIsRefusedNamingTheRuleAndTheMachine(Schedule s, String message) {
    ScheduleRules.Posted posted = ScheduleRules.post(Maintenance.empty(), s, CLUSTER, T, OK);
    assertEquals(new ScheduleRules.Posted.Invalid(message), posted);
  }

  @Test
  void ipv4AndIpv6AddressesTheEpochAndTheShortestDurationAreAccepted() {
    Schedule s =
        schedule(
            window(START, 1L, m("node5", "10.0.0.5"), m("node6", "2001:db8::6")),
            window(0, null, m("node7", "::ffff:10.0.0.7")));
    assertInstanceOf(
        ScheduleRules.Posted.Accepted.class,
        ScheduleRules.post(Maintenance.empty(), s, CLUSTER, T, OK));
  }

  @Test
  void aHostnameThatIsNoNodeIsKeptAndWarnedOf() {
    Schedule s = schedule(window(START, HOUR, m("node5"), m("machine1", "10.0.0.1")));
    ScheduleRules.Posted.Accepted a =
        (ScheduleRules.Posted.Accepted) ScheduleRules.post(Maintenance.empty(), s, CLUSTER, T, OK);
    assertEquals(s, a.maintenance().schedule());
    assertEquals(
        List.of(
            "machine 'machine1' is no node of the cluster: kept in the schedule, shown as unknown"
                + " until a node of that name joins"),
        a.warnings());
  }

  private static Maintenance with(MachineMode mode, String hostname, Window w, Consent... cs) {
    return new Maintenance(
        schedule(w),
        List.of(new MaintenanceMode(hostname, mode, T, "test")),
        List.of(cs),
        4,
        List.of());
  }

  @Test
  void aMachineThatIsDownCannotBeDroppedButADrainingOneIsReleased() {
    Window w = window(START, HOUR, m("node5"), m("node6"));
    Maintenance down = with(MachineMode.DOWN, "node5", w);
    assertEquals(
        new ScheduleRules.Posted.Conflict(
            "Machine '{\"hostname\":\"node5\"}' is deactivated and cannot be removed from the"
                + " schedule (bring it up first: maintctl up node5)"),
        ScheduleRules.post(down, schedule(window(START, HOUR, m("node6"))), CLUSTER, T, OK));
    assertEquals(
        new ScheduleRules.Posted.Conflict(
            "Machine '{\"hostname\":\"node5\"}' is deactivated and cannot be removed from the"
                + " schedule (bring it up first: maintctl up node5)"),
        ScheduleRules.post(down, Schedule.empty(), CLUSTER, T, OK),
        "an empty schedule clears everything but what is DOWN");

    Maintenance draining = with(MachineMode.DRAIN, "node5", w);
    ScheduleRules.Posted.Accepted a =
        (ScheduleRules.Posted.Accepted)
            ScheduleRules.post(draining, schedule(window(START, HOUR, m("node6"))), CLUSTER, T, OK);
    assertEquals(List.of("node5"), a.released());
    assertEquals(MachineMode.UP, a.maintenance().modeOf("node5"));
  }

  @Test
  void modesStayAndAnswersStayOnlyWhileTheWindowKeepsItsTerms() {
    Window w = window(START, HOUR, m("node5"));
    Consent no =
        new Consent(
            "inst1",
            "node5.example.com",
            Consent.Answer.DECLINE,
            "busy",
            T,
            Optional.empty(),
            "tag");
    Maintenance draining = with(MachineMode.DRAIN, "node5", w, no);

    ScheduleRules.Posted.Accepted same =
        (ScheduleRules.Posted.Accepted)
            ScheduleRules.post(
                draining, schedule(w, window(START, HOUR, m("node6"))), CLUSTER, T, OK);
    assertEquals(MachineMode.DRAIN, same.maintenance().modeOf("node5.example.com"));
    assertEquals(List.of(no), same.maintenance().consents());

    ScheduleRules.Posted.Accepted moved =
        (ScheduleRules.Posted.Accepted)
            ScheduleRules.post(
                draining, schedule(window(START + HOUR, HOUR, m("node5"))), CLUSTER, T, OK);
    assertEquals(MachineMode.DRAIN, moved.maintenance().modeOf("node5"));
    assertEquals(List.of(), moved.maintenance().consents(), "a new window asks again");
    assertEquals(List.of(), moved.released());
  }

  @Test
  void everyPostIsANewVersionOfTheScheduleEvenWhenItIsTheSame() {
    Window w = window(START, HOUR, m("node5"));
    Maintenance draining = with(MachineMode.DRAIN, "node5", w);
    ScheduleRules.Posted.Accepted same =
        (ScheduleRules.Posted.Accepted) ScheduleRules.post(draining, schedule(w), CLUSTER, T, OK);
    assertEquals(5, same.maintenance().version());
    ScheduleRules.Posted refused =
        ScheduleRules.post(draining, schedule(window(START, 0L)), CLUSTER, T, OK);
    assertInstanceOf(ScheduleRules.Posted.Invalid.class, refused);
    assertEquals(5, draining.withoutMachine("node5", "node5.example.com").version(), "dropped");
    assertEquals(4, draining.withoutMachine("node7", "node7.example.com").version(), "not in it");
  }

  /**
   * node5 is DOWN in a window starting {@code before} s from now; a post moves it to start {@code
   * after} ns from now: a later start that is still to come delays its maintenance (DRAIN, Mesos'
   * DOWN to DRAIN); any other keeps it DOWN.
   */
  @ParameterizedTest(name = "window from {0} s to {1} ns from now, node Ok {2}: {3}")
  @org.junit.jupiter.params.provider.CsvSource({
    "3600, 7200000000000, true, DRAIN",
    "3600, 7200000000000, false, DOWN",
    "3600, 3600000000001, true, DRAIN",
    "3600, 3600000000000, true, DOWN",
    "3600, 1800000000000, true, DOWN",
    "-7200, -3600000000000, true, DOWN",
    "-7200, 0, true, DOWN",
    "-7200, 1, true, DRAIN",
    "-7200, 86400000000000, true, DRAIN",
    "-7200, 86400000000000, false, DOWN"
  })
  void aDownMachineWhoseWindowMovesLaterAndHasNotStartedGoesBackToDrainIfItsNodeIsOk(
      long before, long after, boolean ok, MachineMode expected) {
    long now = T.getEpochSecond() * 1_000_000_000L;
    Maintenance down =
        with(MachineMode.DOWN, "node5", window(now + before * 1_000_000_000L, HOUR, m("node5")));
    ScheduleRules.Posted.Accepted a =
        (ScheduleRules.Posted.Accepted)
            ScheduleRules.post(
                down,
                schedule(window(now + after, HOUR, m("node5"))),
                CLUSTER,
                T,
                ok ? OK : java.util.Set.of("node6.example.com"));
    assertEquals(expected, a.maintenance().modeOf("node5"));
    assertEquals(
        !ok
            ? List.of(
                "machine 'node5' stays DOWN: its window moves later, but its node does not report"
                    + " Ok (bring it back with maintctl up node5 once it does)")
            : List.of(),
        a.warnings());
    assertEquals(expected == MachineMode.DRAIN ? List.of("node5") : List.of(), a.delayed());
    assertEquals(List.of(), a.released());
    if (expected == MachineMode.DRAIN) {
      MaintenanceMode mode = a.maintenance().mode("node5").orElseThrow();
      assertEquals(T, mode.since());
      assertEquals(
          "its window moved to start later, at "
              + Window.instant(now + after)
              + ": back in service, drained, until then (delayed, not canceled)",
          mode.reason());
    }
  }
}
