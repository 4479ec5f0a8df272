package org.maintd.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.guard.AlertInterlock.OnError;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.WaitReason;

/** Which alerts hold planned work, as kured's filter decides, and what an unknown state does. */
class AlertInterlockTest {
  private static final List<Alert> ACTIVE =
      List.of(
          new Alert("NodeDown", true),
          new Alert("DiskFull", false),
          new Alert("Watchdog", true),
          new Alert("DiskFull", false));

  @ParameterizedTest(name = "ignore ''{0}'' matchOnly {1} firingOnly {2}: {3}")
  @CsvSource(
      delimiter = ';',
      value = {
        "'' ; false ; false ; DiskFull (pending),NodeDown,Watchdog",
        "'' ; false ; true ; NodeDown,Watchdog",
        "^Watchdog$ ; false ; false ; DiskFull (pending),NodeDown",
        "^Watchdog$ ; false ; true ; NodeDown",
        "Disk ; true ; false ; DiskFull (pending)",
        "Disk ; true ; true ; ''",
        "Down|dog ; false ; false ; DiskFull (pending)",
        "^(Down|dog)$ ; false ; false ; DiskFull (pending),NodeDown,Watchdog",
      })
  void theFilterIgnoresOrMatchesNamesAndPendingAlertsCountUnlessFiringOnly(
      String names, boolean matchOnly, boolean firingOnly, String held) {
    AlertInterlock interlock =
        new AlertInterlock(new AlertFilter(names, matchOnly, firingOnly), OnError.HOLD);
    Optional<WaitReason> why = interlock.holds(new AlertState.Active(ACTIVE));
    assertEquals(
        held.isEmpty()
            ? Optional.empty()
            : Optional.of(new PlannedWorkHold.AlertsActive(List.of(held.split(",")))),
        why);
  }

  @Test
  void aNameBothFiringAndPendingCountsAsFiring() {
    assertEquals(
        List.of("A", "B (pending)"),
        AlertInterlock.names(
            List.of(new Alert("B", false), new Alert("A", false), new Alert("A", true))));
  }

  @ParameterizedTest(name = "onError {0}")
  @CsvSource({"HOLD, true", "PROCEED, false"})
  void anUnknownStateHoldsUnlessTheOperatorChoseToProceed(OnError onError, boolean holds) {
    AlertInterlock interlock = new AlertInterlock(AlertFilter.everyAlert(), onError);
    assertEquals(
        holds
            ? Optional.of(new PlannedWorkHold.AlertsUnknown("connection refused"))
            : Optional.empty(),
        interlock.holds(new AlertState.Unknown("connection refused")));
  }

  @Test
  void noAlertHoldsNothing() {
    assertEquals(
        Optional.empty(),
        new AlertInterlock(AlertFilter.everyAlert(), OnError.HOLD).holds(AlertState.quiet()));
    assertEquals(AlertState.quiet(), AlertState.of(List.of()));
  }

  @Test
  void theTextShowsTenAlertsAtMost() {
    List<Alert> many =
        IntStream.range(0, 12).mapToObj(i -> new Alert("A" + (10 + i), true)).toList();
    WaitReason why =
        new AlertInterlock(AlertFilter.everyAlert(), OnError.HOLD)
            .holds(new AlertState.Active(many))
            .orElseThrow();
    assertEquals(
        "12 alert(s) active: A10, A11, A12, A13, A14, A15, A16, A17, A18, A19, ...", why.text());
  }

  @Test
  void aBadFilterIsRefusedShowingIt() {
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> new AlertFilter("(", false, false));
    assertEquals("'(' is not a regular expression: Unclosed group", bad.getMessage());
    IllegalArgumentException empty =
        assertThrows(IllegalArgumentException.class, () -> new AlertFilter("", true, false));
    assertEquals(
        "matchOnly needs a regular expression of the alerts that count", empty.getMessage());
  }
}
