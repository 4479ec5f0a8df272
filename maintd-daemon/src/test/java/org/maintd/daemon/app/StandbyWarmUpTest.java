package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.runner.TakeoverWarmUp;

/**
 * A standby warms up once, the first time it is found standing by, and never while it leads or
 * waits for an election's outcome.
 */
class StandbyWarmUpTest {
  private final AtomicBoolean standsBy = new AtomicBoolean();
  private final AtomicInteger rehearsals = new AtomicInteger();
  private final StandbyWarmUp warmUp =
      new StandbyWarmUp(
          standsBy::get,
          () -> {
            rehearsals.incrementAndGet();
            return CompletableFuture.completedFuture(
                new TakeoverWarmUp.Result.Warmed(
                    Set.of(), Map.of(), java.time.Instant.EPOCH, Duration.ZERO));
          });
  private final ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1);

  @AfterEach
  void stopTimers() {
    timers.shutdownNow();
  }

  @Test
  void nothingIsRehearsedUntilTheDaemonStandsByThenOnceWhateverFollows() {
    assertFalse(warmUp.check());
    assertFalse(warmUp.check());
    assertEquals(0, rehearsals.get());
    assertTrue(warmUp.taken().isEmpty());

    standsBy.set(true);
    assertTrue(warmUp.check());
    assertEquals(1, rehearsals.get());
    assertTrue(warmUp.taken().isPresent());

    assertTrue(warmUp.check());
    standsBy.set(false);
    assertTrue(warmUp.check(), "it has rehearsed, whatever it does now");
    standsBy.set(true);
    warmUp.check();
    assertEquals(1, rehearsals.get(), "once per process");
  }

  @Test
  void theChecksOnATimerStopOnceItHasRehearsed() {
    timers.setRemoveOnCancelPolicy(true);
    warmUp.watch(timers, Duration.ofMillis(5));
    assertEquals(1, timers.getQueue().size(), "checking");
    assertEquals(0, rehearsals.get());

    standsBy.set(true);
    await("the warm-up taken").until(() -> rehearsals.get() == 1);
    await("the checks stopped").until(() -> timers.getQueue().isEmpty());
    assertEquals(1, rehearsals.get());
  }
}
