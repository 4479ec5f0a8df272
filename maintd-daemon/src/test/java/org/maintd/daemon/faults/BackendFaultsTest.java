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
import org.maintd.rapi.client.RapiFailure;

/**
 * The backend's faults raised at a sighting and cleared once they have been good for two poll
 * intervals.
 */
class BackendFaultsTest {
  private static final Duration POLL = Duration.ofSeconds(10);
  private static final Duration QUIET = POLL.multipliedBy(2);
  private static final String CALL = "RAPI GET /2/info";

  private final FakeClock clock = new FakeClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final Faults faults = new Faults(clock, clock);
  private final BackendFaults watch =
      new BackendFaults(faults, Duration.ofSeconds(5), QUIET, clock);

  private static RapiFailure status(int status) {
    return new RapiFailure(
        RapiFailure.Kind.STATUS, status, CALL + " answered " + status + ": Bad Gateway", "", null);
  }

  private void good() {
    watch.answered(CALL, Duration.ofMillis(20));
  }

  @Test
  void aFailureRaisesAtOnceAndAGoodAnswerAfterAQuietPollIntervalClearsIt() {
    watch.failed(CALL, status(502), Duration.ofMillis(5));
    assertTrue(faults.has(FaultKind.BACKEND_ANSWERS_WRONG));
    clock.advance(QUIET.minusMillis(1));
    good();
    assertTrue(faults.has(FaultKind.BACKEND_ANSWERS_WRONG), "a retry's success does not clear");
    clock.advance(Duration.ofMillis(1));
    good();
    assertFalse(faults.has(FaultKind.BACKEND_ANSWERS_WRONG));
  }

  @Test
  void aShareOfFailuresKeepsTheFaultWithOneLineEachWay() {
    try (CapturedLog log = new CapturedLog()) {
      for (int tick = 0; tick < 6; tick++) {
        good();
        watch.failed(CALL, status(502), Duration.ofMillis(5));
        good();
        clock.advance(POLL);
      }
      good();
      clock.advance(POLL);
      good();
      List<String> lines =
          log.messages().stream().filter(m -> m.contains("BACKEND_ANSWERS_WRONG")).toList();
      assertEquals(2, lines.size(), lines.toString());
      assertEquals(
          "fault BACKEND_ANSWERS_WRONG begins: RAPI GET /2/info answered 502: Bad Gateway",
          lines.get(0));
      assertTrue(lines.get(1).startsWith("fault BACKEND_ANSWERS_WRONG ends after 70 s"));
    }
  }

  @Test
  void noConnectionIsUnreachableAndOnlyAnAnswerEndsIt() {
    RapiFailure refused =
        new RapiFailure(
            RapiFailure.Kind.NO_CONNECTION, 0, CALL + " failed: refused", "refused", null);
    watch.failed(CALL, refused, Duration.ofMillis(1));
    clock.advance(POLL.multipliedBy(3));
    watch.failed(CALL, new RapiFailure(RapiFailure.Kind.INTERRUPTED, 0, "i", "i", null), POLL);
    assertTrue(faults.has(FaultKind.BACKEND_UNREACHABLE), "an interrupted request says nothing");
    watch.failed(CALL, status(404), Duration.ofMillis(1));
    assertFalse(faults.has(FaultKind.BACKEND_UNREACHABLE), "Ganeti's own 404 is an answer");
  }

  @Test
  void aSlowAnswerIsSlowUntilTheAnswersAreQuickForAPollInterval() {
    watch.answered(CALL, Duration.ofMillis(5001));
    assertEquals(
        "RAPI GET /2/info answered in 5001 ms, past the 5000 ms of ganeti.slowAnswer",
        faults.active().get(0).detail());
    clock.advance(QUIET);
    good();
    assertFalse(faults.has(FaultKind.BACKEND_SLOW));
  }

  @Test
  void eachKindClearsOnItsOwn() {
    watch.answered(CALL, Duration.ofSeconds(6));
    clock.advance(QUIET);
    watch.failed(CALL, status(503), Duration.ofMillis(1));
    good();
    assertEquals(
        List.of(FaultKind.BACKEND_ANSWERS_WRONG),
        faults.active().stream().map(Fault::kind).toList());
  }
}
