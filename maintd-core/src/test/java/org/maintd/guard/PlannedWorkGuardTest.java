package org.maintd.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.guard.AlertInterlock.OnError;
import org.maintd.wait.WaitReason;

/** The guard's answer: the hours first (with until when), then the alerts; none: always go. */
class PlannedWorkGuardTest {
  private static final AllowedHours NIGHTS =
      AllowedHoursTest.hours("mo-fr", "22:00", "06:00", "Europe/Berlin");
  private static final AlertState FIRING = new AlertState.Active(List.of(new Alert("X", true)));
  private static final PlannedWorkGuard BOTH =
      new PlannedWorkGuard(
          Optional.of(NIGHTS),
          Optional.of(new AlertInterlock(AlertFilter.everyAlert(), OnError.HOLD)));

  @Test
  void outsideTheHoursItSaysTheHoursAndUntilWhen() {
    WaitReason why = BOTH.holds(Instant.parse("2026-11-27T09:00:00Z"), FIRING).orElseThrow();
    assertEquals("allowed-hours", why.kind());
    assertEquals(
        "outside the allowed hours (mo-fr 22:00-06:00 Europe/Berlin): waits until"
            + " 2026-11-27T22:00+01:00",
        why.text());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "quiet, ''",
    "firing, 1 alert(s) active: X",
    "unknown, 'the alerts cannot be read: timed out'",
  })
  void insideTheHoursTheAlertsDecide(String state, String text) {
    AlertState alerts =
        switch (state) {
          case "quiet" -> AlertState.quiet();
          case "firing" -> FIRING;
          default -> new AlertState.Unknown("timed out");
        };
    assertEquals(
        text,
        BOTH.holds(Instant.parse("2026-11-27T21:00:00Z"), alerts).map(WaitReason::text).orElse(""));
  }

  @Test
  void noGuardNeverHolds() {
    assertEquals(
        Optional.empty(),
        PlannedWorkGuard.none()
            .holds(Instant.parse("2026-11-27T09:00:00Z"), new AlertState.Unknown("down")));
  }
}
