package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** When a rehearsal looks again and when it stops, at and around each boundary. */
class PaceTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);
  private static final Duration POLL = Duration.ofSeconds(30);

  /**
   * done: the work is done; busy, changed; quiet ticks before; wakeup: seconds after T0 (-1: none);
   * ticks and the bound; what comes: tick@seconds/quiet, done, stuck or out-of-steps.
   */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource({
    "done and idle ends done,                 true,  false, false, 0, -1,   1, 10, done",
    "done while busy goes on,                 true,  true,  false, 0, -1,   1, 10, tick@30/0",
    "done at the bound still ends done,       true,  false, false, 0, -1,  10, 10, done",
    "the bound ends it,                       false, true,  false, 0, -1,  10, 10, out-of-steps",
    "one below the bound goes on,             false, true,  false, 0, -1,   9, 10, tick@30/0",
    "busy resets the quiet count,             false, true,  false, 2, -1,   1, 10, tick@30/0",
    "a change resets the quiet count,         false, false, true,  2, -1,   1, 10, tick@30/0",
    "quiet counts up,                         false, false, false, 0, -1,   1, 10, tick@30/1",
    "one quiet tick short of stuck,           false, false, false, 1, -1,   1, 10, tick@30/2",
    "quiet long enough and nothing waits,     false, false, false, 2, -1,   1, 10, stuck",
    "quiet long enough jumps to a wake-up,    false, false, false, 2, 3600, 1, 10, tick@3600/0",
    "a wake-up between ticks is the next one, false, false, false, 2, 3601, 1, 10, tick@3630/0",
    "a wake-up a tick away,                   false, false, false, 2, 1,    1, 10, tick@30/0",
    "a wake-up now is past,                   false, false, false, 2, 0,    1, 10, stuck",
  })
  void decidesTheNextTickOrTheEnd(
      String name,
      boolean done,
      boolean busy,
      boolean changed,
      int quiet,
      long wakeup,
      int ticks,
      int max,
      String expected) {
    Pace.Look look =
        new Pace.Look(
            T0,
            POLL,
            ticks,
            max,
            done ? Optional.of("it is done") : Optional.empty(),
            busy,
            changed,
            quiet,
            wakeup < 0 ? Optional.empty() : Optional.of(T0.plusSeconds(wakeup)),
            List.of("incident x: waits: no room"));
    assertEquals(expected, said(Pace.after(look)));
  }

  private static String said(Pace.Next next) {
    if (next instanceof Pace.Tick t) {
      return "tick@" + Duration.between(T0, t.at()).toSeconds() + "/" + t.quiet();
    }
    return ((Pace.End) next).ending().kind();
  }

  @ParameterizedTest
  @CsvSource({
    "'incident x: waits: no room', 'nothing more can happen: incident x: waits: no room'",
    "'', 'nothing more happens: nothing runs, nothing changes and nothing waits'"
  })
  void aStuckRehearsalSaysWhatWaits(String waits, String text) {
    Pace.Look look =
        new Pace.Look(
            T0,
            POLL,
            1,
            10,
            Optional.empty(),
            false,
            false,
            Pace.QUIET - 1,
            Optional.empty(),
            waits.isEmpty() ? List.of() : List.of(waits));
    assertEquals(new Pace.End(new Ending.Stuck(text)), Pace.after(look));
  }

  @ParameterizedTest
  @CsvSource({"true, 'it is done'", "false, ''"})
  void theEndsSayWhy(boolean done, String text) {
    Pace.Look look =
        new Pace.Look(
            T0,
            POLL,
            5,
            5,
            done ? Optional.of("it is done") : Optional.empty(),
            false,
            false,
            0,
            Optional.empty(),
            List.of());
    Ending ending = ((Pace.End) Pace.after(look)).ending();
    assertEquals(
        done ? text : "stopped after 5 ticks, the most a rehearsal plays, with the work not done",
        ending.text());
  }

  @ParameterizedTest
  @CsvSource({"0, 0", "1, 30", "29, 30", "30, 30", "31, 60", "90, 90"})
  void aWakeUpIsTakenAtTheFirstTickAtOrAfterIt(long after, long tick) {
    assertEquals(T0.plusSeconds(tick), Pace.firstTickFrom(T0, POLL, T0.plusSeconds(after)));
  }
}
