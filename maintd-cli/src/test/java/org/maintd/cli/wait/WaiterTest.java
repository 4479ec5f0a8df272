package org.maintd.cli.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cli.output.Terminal;

/**
 * The one waiter of maintctl, on a clock that only its sleeper moves: how often it looks, when it
 * gives up, what it prints. No test sleeps: milliseconds in all.
 */
class WaiterTest {
  /** A clock that stands still until the sleeper moves it; it counts the sleeps. */
  static final class StillClock extends Clock {
    Instant now = Instant.parse("2026-11-29T12:00:00Z");
    final List<Duration> slept = new ArrayList<>();

    void sleep(Duration d) {
      slept.add(d);
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  private final StillClock clock = new StillClock();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private Waiter waiter(Terminal terminal) {
    return new Waiter(
        clock,
        clock::sleep,
        Duration.ofSeconds(1),
        new ProgressLine(new PrintStream(err, true, StandardCharsets.UTF_8), terminal));
  }

  private String printed() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** A wait of a minute at most, on plain lines, for looks that go as listed. */
  @SafeVarargs
  private Look.Ended<String> plainWait(Look<String>... seq) {
    return waiter(Terminal.PLAIN).until(Duration.ofMinutes(1), looks(List.of(seq)));
  }

  /** Looks that go as listed, the last one repeated once the list is used up. */
  private static java.util.function.Supplier<Look<String>> looks(List<Look<String>> seq) {
    Iterator<Look<String>> it = seq.iterator();
    Look<String>[] last = new Look[1];
    return () -> {
      if (it.hasNext()) {
        last[0] = it.next();
      }
      return last[0];
    };
  }

  @Test
  void workDoneAtTheFirstLookEndsTheWaitWithoutSleeping() {
    Look.Ended<String> end = plainWait(Look.done("v", "node5: up"));
    assertEquals("v", end.orThrow());
    assertEquals(List.of(), clock.slept);
    assertEquals("node5: up\n", printed());
  }

  @Test
  void looksEverySecondAndPrintsALineOnlyWhenItChanges() {
    Look.Ended<String> end =
        plainWait(
            Look.going("node5: DOWN once job 6 has run"),
            Look.going("node5: DOWN once job 6 has run"),
            Look.going("node5: going offline"),
            Look.done("v", "node5: DOWN (offline)"));
    assertEquals("v", end.value());
    assertEquals(
        List.of(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1)), clock.slept);
    assertEquals(
        "node5: DOWN once job 6 has run\nnode5: going offline\nnode5: DOWN (offline)\n", printed());
  }

  @Test
  void aFailedEndIsGivenWithItsValueAndThrowsTheWorksOwnMessage() {
    Look.Ended<String> end =
        plainWait(
            Look.going("running"),
            Look.failed("campaign", "failed", "campaign c1 failed: node5 hangs"));
    assertInstanceOf(Look.Failed.class, end);
    assertEquals("campaign", end.value());
    WorkFailed e = assertThrows(WorkFailed.class, end::orThrow);
    assertEquals("campaign c1 failed: node5 hangs", e.getMessage());
  }

  /**
   * Work that is done after {@code doneAfter} seconds, waited for {@code timeout} seconds: done
   * when it ends by the timeout (the last look is taken at the timeout itself), else given up,
   * after looking {@code looks} times in all.
   */
  @ParameterizedTest(name = "done after {0}s, timeout {1}s: {2} after {3} looks")
  @CsvSource({
    "0, 1, done, 1",
    "3, 5, done, 4",
    "4, 5, done, 5",
    "5, 5, done, 6",
    "6, 5, gave up, 6",
    "2, 2.5, done, 3",
    "3, 2.5, gave up, 4",
    "100, 0.5, gave up, 2"
  })
  void givesUpOnlyOnceTheTimeoutHasPassedWithALastLookAtIt(
      double doneAfter, double timeout, String outcome, int looks) {
    Instant start = clock.now;
    int[] looked = {0};
    java.util.function.Supplier<Look<String>> look =
        () -> {
          looked[0]++;
          double elapsed = Duration.between(start, clock.now).toMillis() / 1000.0;
          return elapsed >= doneAfter ? Look.done("v", "done") : Look.going("at " + elapsed);
        };
    Duration limit = Duration.ofMillis((long) (timeout * 1000));
    if (outcome.equals("done")) {
      assertEquals("v", waiter(Terminal.PLAIN).until(limit, look).orThrow());
    } else {
      WaitTimedOut e =
          assertThrows(WaitTimedOut.class, () -> waiter(Terminal.PLAIN).until(limit, look));
      assertTrue(e.getMessage().startsWith("gave up waiting after "), e.getMessage());
      assertTrue(
          e.getMessage().endsWith("the work goes on, it was at: at " + timeout), e.getMessage());
      assertEquals(limit, Duration.between(start, clock.now), "not a moment past the timeout");
    }
    assertEquals(looks, looked[0]);
  }

  @Test
  void aTimedOutWaitSaysForHowLongInTheWordsOfTheCommandLine() {
    WaitTimedOut e =
        assertThrows(
            WaitTimedOut.class,
            () ->
                waiter(Terminal.PLAIN)
                    .until(Duration.ofMinutes(2), looks(List.of(Look.going("node5: booting")))));
    assertEquals(
        "gave up waiting after 2m (--timeout); the work goes on, it was at: node5: booting",
        e.getMessage());
    assertEquals(1, WaitTimedOut.EXIT_CODE);
  }

  @Test
  void onATerminalTheLineIsRewrittenInPlaceColouredByStateAndEndsWithANewLine() {
    waiter(new Terminal(true, true))
        .until(
            Duration.ofMinutes(1),
            looks(
                List.of(Look.going("pending"), Look.going("evacuating"), Look.done("v", "done"))));
    assertEquals(
        "\r\033[K\033[33mpending\033[0m"
            + "\r\033[K\033[33mevacuating\033[0m"
            + "\r\033[K\033[32mdone\033[0m\n",
        printed());
  }

  @Test
  void onATerminalWithoutColourAFailureIsRewrittenPlain() {
    waiter(new Terminal(true, false))
        .until(
            Duration.ofMinutes(1),
            looks(List.of(Look.going("running"), Look.failed("v", "failed", "why"))));
    assertEquals("\r\033[Krunning\r\033[Kfailed\n", printed());
  }

  @Test
  void offATerminalColourAlwaysIsOneColouredLinePerChange() {
    waiter(new Terminal(false, true))
        .until(Duration.ofMinutes(1), looks(List.of(Look.failed("v", "failed", "why"))));
    assertEquals("\033[31mfailed\033[0m\n", printed());
  }

  @Test
  void anInterruptedWaitStopsSayingWhereTheWorkWasAndKeepsTheInterrupt() {
    Waiter w =
        new Waiter(
            clock,
            d -> {
              throw new InterruptedException();
            },
            Duration.ofSeconds(1),
            new ProgressLine(new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN));
    WorkFailed e =
        assertThrows(
            WorkFailed.class,
            () -> w.until(Duration.ofMinutes(1), looks(List.of(Look.going("node5: booting")))));
    assertEquals(
        "interrupted while waiting; the work goes on, it was at: node5: booting", e.getMessage());
    assertTrue(Thread.interrupted(), "the interrupt is kept (and cleared here)");
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void aWaiterThatWouldNeverSleepIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Waiter(
                clock, clock::sleep, Duration.ZERO, new ProgressLine(System.err, Terminal.PLAIN)));
  }
}
