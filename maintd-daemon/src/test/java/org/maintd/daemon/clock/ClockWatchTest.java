package org.maintd.daemon.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.faults.Fault;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.FakeClock;

class ClockWatchTest {
  private static final Duration POLL = Duration.ofSeconds(30);

  private final FakeClock clock = new FakeClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final Faults faults = new Faults(clock, clock);
  private final ClockWatch watch = ClockWatch.forPolling(clock, clock, faults, POLL);

  /** A poll interval of 30 s: a step is more than 31 s either way, at every check's distance. */
  @ParameterizedTest(name = "stepped {0} s after {1} s")
  @CsvSource({
    "0, 15",
    "31, 15",
    "-31, 15",
    "32, 15",
    "-32, 15",
    "3600, 15",
    "-600, 15",
    "3600, 0",
    "31, 600",
    "32, 600"
  })
  void aStepIsMoreThanAPollIntervalAndASecondOfWallClockAgainstTheMonotonicClock(
      long seconds, long after) {
    clock.advance(Duration.ofSeconds(after));
    clock.step(Duration.ofSeconds(seconds));
    watch.check();
    assertEquals(
        Math.abs(seconds) > 31, faults.has(FaultKind.CLOCK_STEPPED), faults.active()::toString);
  }

  @Test
  void theStepsSeenAreSummedUntilTakenAndASlewOrAStepTooSmallIsNone() {
    clock.advance(Duration.ofSeconds(15));
    clock.step(Duration.ofHours(1));
    watch.check();
    clock.advance(Duration.ofSeconds(15));
    clock.step(Duration.ofSeconds(20));
    watch.check();
    clock.advance(Duration.ofSeconds(15));
    clock.step(Duration.ofMinutes(-10));
    watch.check();
    assertEquals(Duration.ofMinutes(50), watch.take());
    assertEquals(Duration.ZERO, watch.take(), "taken once");
    clock.advance(Duration.ofSeconds(5));
    clock.step(Duration.ofHours(2));
    assertEquals(Duration.ofHours(2), watch.take(), "a step not checked yet is seen by the take");
  }

  @Test
  void aSlewingClockIsNeverAStepHoweverLongItRuns() {
    for (int i = 0; i < 24 * 60; i++) {
      clock.advance(Duration.ofMinutes(1));
      clock.step(Duration.ofMillis(30)); // 500 ppm, the most an NTP slew moves it
      watch.check();
    }
    assertFalse(faults.has(FaultKind.CLOCK_STEPPED));
  }

  @Test
  void aStepForwardThenBackIsNamedEachWayAndClearsTenPollIntervalsAfterTheLast() {
    try (CapturedLog log = new CapturedLog()) {
      clock.advance(Duration.ofSeconds(15));
      clock.step(Duration.ofHours(1));
      watch.check();
      assertEquals(
          "forward 3600 s at 2026-11-29T13:00:15Z (the wall clock against the monotonic clock)",
          detail());
      clock.advance(Duration.ofSeconds(15));
      clock.step(Duration.ofMinutes(-10));
      watch.check();
      assertEquals(
          "back 600 s at 2026-11-29T12:50:30Z (the wall clock against the monotonic clock)",
          detail());
      for (int i = 0; i < 19; i++) {
        clock.advance(Duration.ofSeconds(15));
        watch.check();
      }
      assertTrue(faults.has(FaultKind.CLOCK_STEPPED), "4 min 45 s after the last step");
      clock.advance(Duration.ofSeconds(15));
      watch.check();
      assertFalse(faults.has(FaultKind.CLOCK_STEPPED), "5 min (ten poll intervals) after it");
      assertEquals(
          List.of(
              "fault CLOCK_STEPPED begins: forward 3600 s at 2026-11-29T13:00:15Z (the wall clock"
                  + " against the monotonic clock)",
              "fault CLOCK_STEPPED ends after 315 s (it was: back 600 s at 2026-11-29T12:50:30Z"
                  + " (the wall clock against the monotonic clock))"),
          log.messages().stream().filter(m -> m.contains("CLOCK_STEPPED")).toList(),
          "one line when it begins and one when it ends, its length on the monotonic clock");
    }
  }

  @Test
  void aStepAgainWhileShownStartsTheQuietPeriodAgain() {
    clock.step(Duration.ofHours(1));
    watch.check();
    clock.advance(Duration.ofMinutes(4));
    watch.check();
    clock.step(Duration.ofMinutes(2));
    watch.check();
    clock.advance(Duration.ofMinutes(4));
    watch.check();
    assertTrue(faults.has(FaultKind.CLOCK_STEPPED), "4 min after the second step");
    clock.advance(Duration.ofMinutes(1));
    watch.check();
    assertFalse(faults.has(FaultKind.CLOCK_STEPPED));
    assertEquals(1, faults.begun(FaultKind.CLOCK_STEPPED));
  }

  @ParameterizedTest(name = "polling every {0} ms: checked every {1} ms, cleared after {2} ms")
  @CsvSource({
    "100, 50, 1000",
    "200, 50, 2000",
    "400, 100, 4000",
    "1000, 250, 10000",
    "4000, 1000, 40000",
    "30000, 1000, 300000"
  })
  void itChecksWithinAQuarterOfAPollIntervalAndClearsAfterTenOfThem(
      long poll, long every, long quiet) {
    assertEquals(Duration.ofMillis(every), ClockWatch.checkEvery(Duration.ofMillis(poll)));
    assertEquals(Duration.ofMillis(quiet), ClockWatch.quiet(Duration.ofMillis(poll)));
    assertEquals(Duration.ofMillis(poll + 1000), ClockWatch.threshold(Duration.ofMillis(poll)));
  }

  private String detail() {
    return faults.active().stream()
        .filter(f -> f.kind() == FaultKind.CLOCK_STEPPED)
        .map(Fault::detail)
        .findFirst()
        .orElse("none");
  }
}
