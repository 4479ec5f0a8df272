package org.maintd.daemon.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.FakeClock;

class FaultsTest {
  private final FakeClock clock = new FakeClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final Faults faults = new Faults(clock, clock);

  @Test
  void aFaultSeenAtEveryRetryIsLoggedOnceWhenItBeginsAndOnceWhenItEnds() {
    try (CapturedLog log = new CapturedLog()) {
      for (int i = 0; i < 5; i++) {
        faults.raise(FaultKind.BACKEND_UNREACHABLE, "connect timed out (try " + i + ")");
        clock.advance(Duration.ofSeconds(10));
      }
      faults.clear(FaultKind.BACKEND_UNREACHABLE);
      faults.clear(FaultKind.BACKEND_UNREACHABLE);
      List<String> lines =
          log.messages().stream().filter(m -> m.contains("BACKEND_UNREACHABLE")).toList();
      assertEquals(
          List.of(
              "fault BACKEND_UNREACHABLE begins: connect timed out (try 0)",
              "fault BACKEND_UNREACHABLE ends after 50 s (it was: connect timed out (try 4))"),
          lines);
    }
  }

  @Test
  void whenTheLeadershipEndsTheFaultsOfItsWorkEndWithItAndTheClocksLasts() {
    for (FaultKind kind : FaultKind.values()) {
      faults.raise(kind, "seen");
    }
    faults.leadershipEnded();
    assertEquals(
        List.of(FaultKind.CLOCK_STEPPED), faults.active().stream().map(Fault::kind).toList());
    assertEquals(1, faults.begun(FaultKind.BACKEND_SLOW));
  }

  @Test
  void aLastingFaultKeepsItsBeginningAndFollowsItsLastSighting() {
    Instant begun = clock.instant();
    faults.raise(FaultKind.STATE_UNWRITABLE, "No space left on device");
    clock.advance(Duration.ofSeconds(30));
    faults.raise(FaultKind.STATE_UNWRITABLE, "Read-only file system");
    assertEquals(
        List.of(new Fault(FaultKind.STATE_UNWRITABLE, "Read-only file system", begun)),
        faults.active());
    assertEquals(1, faults.begun(FaultKind.STATE_UNWRITABLE));
  }

  @Test
  void eachBeginningIsCountedAndOnlyTheKindsThatLastAreListed() {
    faults.set(FaultKind.CLOCK_STEPPED, true, "forward 3600 s");
    faults.set(FaultKind.CLOCK_STEPPED, false, "");
    faults.set(FaultKind.CLOCK_STEPPED, true, "back 600 s");
    faults.set(FaultKind.NODE_CLOCK_SKEW, true, "node3: 412 s ahead");
    assertEquals(2, faults.begun(FaultKind.CLOCK_STEPPED));
    assertEquals(0, faults.begun(FaultKind.BACKEND_SLOW));
    assertTrue(faults.has(FaultKind.NODE_CLOCK_SKEW));
    assertFalse(faults.has(FaultKind.BACKEND_SLOW));
    assertEquals(
        List.of(FaultKind.NODE_CLOCK_SKEW, FaultKind.CLOCK_STEPPED),
        faults.active().stream().map(Fault::kind).toList());
  }
}
