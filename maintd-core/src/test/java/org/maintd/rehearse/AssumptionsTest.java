package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.guard.Alert;
import org.maintd.guard.AlertState;
import org.maintd.jobtime.OperationTimes;

/** What a rehearsal says it assumed. */
class AssumptionsTest {
  private static final OperationTimes NONE = OperationTimes.assumed(Duration.ZERO, Duration.ZERO);
  private static final Cadence POLL = new Cadence(Duration.ofSeconds(30), Duration.ZERO);

  @Test
  void itNamesTheDurationsTheFailuresTheRunningJobsTheAlertsAndTheConsent() {
    List<Assumption> all =
        Assumptions.of(
            OperationTimes.assumed(Duration.ofSeconds(1), Duration.ofMillis(250)),
            Optional.empty(),
            new Cadence(Duration.ofSeconds(30), Duration.ofMillis(1250)),
            Duration.ofSeconds(5),
            2,
            AlertState.quiet());
    assertEquals(
        List.of(
            "job durations",
            "rounds",
            "no new failures",
            "jobs running now",
            "alert interlock",
            "consent"),
        all.stream().map(Assumption::input).toList());
    assertEquals(
        "1 s per operation, plus 0.25 s per GiB a move or a new secondary copies"
            + " (sim.operationTime, sim.timePerGiB) for every kind: no operation in the cluster's"
            + " job history",
        all.get(0).assumed());
    assertEquals(
        "a tick every 31.25 s: the poll interval (pollInterval, 30 s) after each tick, and 1.25 s a"
            + " tick took on average on the daemon (reading the cluster and the collectors,"
            + " planning)",
        all.get(1).assumed());
    assertEquals(true, all.get(2).assumed().contains("after 5 s (sim.bootTime)"));
    assertEquals(
        "2 job(s) of the round under way run their whole time again from now",
        all.get(3).assumed());
  }

  @Test
  void withoutRunningJobsItAssumesNoneOfThem() {
    List<Assumption> all =
        Assumptions.of(NONE, Optional.empty(), POLL, Duration.ZERO, 0, AlertState.quiet());
    assertEquals(5, all.size());
    assertEquals("a tick every 30 s, the poll interval (pollInterval)", all.get(1).assumed());
    assertEquals("0 s per operation", all.get(0).assumed().substring(0, 17));
  }

  @Test
  void aHistoryThatCouldNotBeReadIsSaidWithWhy() {
    List<Assumption> all =
        Assumptions.of(
            NONE, Optional.of("RAPI answered 502"), POLL, Duration.ZERO, 0, AlertState.quiet());
    assertEquals(
        true,
        all.get(0)
            .assumed()
            .endsWith("job history; the job history could not be read: RAPI answered 502"));
  }

  @ParameterizedTest
  @CsvSource({
    "quiet, 'no alert holds planned work, as at the last reading'",
    "active, '1 alert(s) stay active, as at the last reading'",
    "unknown, 'the alerts stay unreadable, as at the last reading: no answer'"
  })
  void theAlertInterlockIsAssumedAsLastRead(String state, String said) {
    AlertState s =
        switch (state) {
          case "quiet" -> AlertState.quiet();
          case "active" -> AlertState.of(List.of(new Alert("DiskFull", true)));
          default -> new AlertState.Unknown("no answer");
        };
    List<Assumption> all = Assumptions.of(NONE, Optional.empty(), POLL, Duration.ZERO, 0, s);
    assertEquals(said, all.get(3).assumed());
  }

  @Test
  void aCadenceIsThePollIntervalPlusATicksTimeAndNeverNegative() {
    assertEquals(
        Duration.ofMillis(2500),
        new Cadence(Duration.ofSeconds(2), Duration.ofMillis(500)).every());
    assertThrows(
        IllegalArgumentException.class, () -> new Cadence(Duration.ofSeconds(-1), Duration.ZERO));
    assertThrows(
        IllegalArgumentException.class, () -> new Cadence(Duration.ZERO, Duration.ofSeconds(-1)));
    assertEquals(Duration.ZERO, new Cadence(Duration.ZERO, Duration.ZERO).every());
  }

  @Test
  void secondsAreSaidWithoutTrailingZeros() {
    assertEquals("1.5 s", Assumptions.seconds(Duration.ofMillis(1500)));
    assertEquals("60 s", Assumptions.seconds(Duration.ofMinutes(1)));
  }
}
