package org.maintd.daemon.alerts;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.service.PartState;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.guard.Alert;
import org.maintd.guard.AlertFilter;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AlertInterlock.OnError;
import org.maintd.guard.AlertState;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.wait.WaitReason;

/**
 * The alert interlock's part under a fake clock, asking a scripted server: a round reads the last
 * answer without asking, that answer counts until it is older than the timeout (5 s) plus one
 * interval (30 s), then planned work is held (or goes on, with {@code onError: proceed}) with since
 * when Prometheus has not answered; the metrics see the last try; the part asks at its start and
 * again each interval, and a try that throws fails it.
 */
class InterlockPartTest {
  private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final Duration INTERVAL = Duration.ofSeconds(30);
  private static final AlertState FIRING =
      new AlertState.Active(List.of(new Alert("NodeDown", true), new Alert("Watchdog", true)));
  private static final AlertState SILENT = new AlertState.Unknown("no answer within 5000 ms");

  private final FakeClock clock = new FakeClock(T0);
  private final Deque<AlertState> answers = new ArrayDeque<>();
  private final AtomicInteger asked = new AtomicInteger();
  private InterlockPart part;

  @AfterEach
  void stop() {
    if (part != null) {
      part.close();
    }
  }

  /** A server that gives the queued answers, then the last one again and again. */
  private AlertState answer() {
    asked.incrementAndGet();
    return answers.size() > 1 ? answers.poll() : answers.peek();
  }

  private InterlockPart part(AlertSource server, OnError onError, Duration interval) {
    return new InterlockPart(
        server,
        new Maintenance.Interlock(
            URI.create("http://p:9090"),
            TIMEOUT,
            new AlertInterlock(new AlertFilter("^Watchdog$", false, false), onError)),
        interval,
        clock,
        clock);
  }

  private static String held(OnError onError, AlertState state) {
    PlannedWorkGuard guard =
        new PlannedWorkGuard(
            Optional.empty(),
            Optional.of(new AlertInterlock(new AlertFilter("^Watchdog$", false, false), onError)));
    return guard.holds(T0, state).map(WaitReason::text).orElse("goes on");
  }

  @Test
  void itAsksAtItsStartAndARoundReadsTheLastAnswerWithoutAsking() {
    answers.add(FIRING);
    part = part(this::answer, OnError.HOLD, Duration.ofHours(1));
    part.start();
    assertEquals(1, asked.get());
    for (int tick = 0; tick < 3; tick++) {
      assertEquals(FIRING, part.read());
    }
    assertEquals(1, asked.get(), "a round never asks Prometheus itself");
  }

  @Test
  void theLastAnswerHoldsUntilItIsOlderThanTheTimeoutPlusOneInterval() {
    answers.addAll(List.of(FIRING, SILENT));
    part = part(this::answer, OnError.HOLD, INTERVAL);
    part.ask();
    clock.advance(Duration.ofSeconds(10));
    part.ask();
    clock.advance(Duration.ofSeconds(25));
    assertEquals("1 alert(s) active: NodeDown", held(OnError.HOLD, part.read()));
    clock.advance(Duration.ofMillis(1));
    assertEquals(
        "the alerts cannot be read: Prometheus at http://p:9090 has not answered since"
            + " 2026-11-28T10:00:00Z (last try: no answer within 5000 ms)",
        held(OnError.HOLD, part.read()));
    assertEquals("goes on", held(OnError.PROCEED, part.read()));
  }

  @Test
  void theLastAnswersAgeIsReadOnTheMonotonicClockWhateverStepsTheWallClockTakes() {
    answers.addAll(List.of(FIRING, SILENT));
    part = part(this::answer, OnError.HOLD, INTERVAL);
    part.ask();
    clock.step(Duration.ofHours(1));
    assertEquals(
        "1 alert(s) active: NodeDown",
        held(OnError.HOLD, part.read()),
        "an answer a moment old is good after a step ahead");
    clock.advance(TIMEOUT.plus(INTERVAL).plusMillis(1));
    clock.step(Duration.ofMinutes(-70));
    part.ask();
    assertEquals(
        "the alerts cannot be read: Prometheus at http://p:9090 has not answered since"
            + " 2026-11-28T10:00:00Z (last try: no answer within 5000 ms)",
        held(OnError.HOLD, part.read()),
        "an answer older than the timeout and an interval is not good after a step back");
  }

  @Test
  void aPrometheusThatNeverAnsweredHoldsPlannedWorkFromTheStartUnlessToldToProceed() {
    answers.add(SILENT);
    part = part(this::answer, OnError.HOLD, INTERVAL);
    part.ask();
    String since =
        "the alerts cannot be read: Prometheus at http://p:9090 has not answered since maintd"
            + " began asking at 2026-11-28T10:00:00Z (last try: no answer within 5000 ms)";
    assertEquals(since, held(OnError.HOLD, part.read()));
    clock.advance(Duration.ofHours(1));
    part.ask();
    assertEquals(since, held(OnError.HOLD, part.read()));
    assertEquals("goes on", held(OnError.PROCEED, part.read()));
  }

  @Test
  void theMetricsShowWhetherTheLastTryWasAnsweredAndHowManyAlertsHoldNow() {
    answers.addAll(List.of(FIRING, SILENT));
    part = part(this::answer, OnError.HOLD, INTERVAL);
    assertEquals(new InterlockStatus(false, 0), part.status());
    part.ask();
    assertEquals(new InterlockStatus(true, 1), part.status());
    part.ask();
    assertEquals(new InterlockStatus(false, 1), part.status());
    clock.advance(TIMEOUT.plus(INTERVAL).plusMillis(1));
    assertEquals(new InterlockStatus(false, 0), part.status());
  }

  @Test
  void itAsksAgainEveryInterval() {
    answers.add(AlertState.quiet());
    part = part(this::answer, OnError.HOLD, Duration.ofMillis(10));
    part.start();
    await("three tries more").atMost(Duration.ofSeconds(30)).until(() -> asked.get() >= 4);
    part.close();
    assertEquals(PartState.TERMINATED, part.state());
  }

  @Test
  void aTryThatThrowsFailsThePart() {
    AtomicInteger tries = new AtomicInteger();
    part =
        part(
            () -> {
              if (tries.incrementAndGet() > 1) {
                throw new IllegalStateException("a bug in reading the answer");
              }
              return AlertState.quiet();
            },
            OnError.HOLD,
            Duration.ofMillis(10));
    part.start();
    await("the part failed")
        .atMost(Duration.ofSeconds(30))
        .until(() -> part.state() == PartState.FAILED);
    assertEquals("IllegalStateException: a bug in reading the answer", part.cause());
  }
}
