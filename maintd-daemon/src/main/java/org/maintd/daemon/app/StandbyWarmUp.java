package org.maintd.daemon.app;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.maintd.daemon.runner.TakeoverWarmUp;

/**
 * A standby's one rehearsal ({@link TakeoverWarmUp#warmUp}), taken the first time it is found
 * standing by (another daemon leads): a daemon that leads first warms up by leading, one that leads
 * after standing by takes over with a poll and a planner already compiled. Once per process,
 * whatever its leadership does after. Thread-safe: one check at a time.
 */
final class StandbyWarmUp {
  private final BooleanSupplier standsBy;
  private final Supplier<CompletableFuture<TakeoverWarmUp.Result>> rehearse;
  private CompletableFuture<TakeoverWarmUp.Result> taken;

  /** Rehearses with {@code rehearse} once {@code standsBy} says this daemon stands by. */
  StandbyWarmUp(
      BooleanSupplier standsBy, Supplier<CompletableFuture<TakeoverWarmUp.Result>> rehearse) {
    this.standsBy = standsBy;
    this.rehearse = rehearse;
  }

  /** Rehearses now if this daemon stands by and has not rehearsed yet; whether it has, by now. */
  synchronized boolean check() {
    if (taken == null && standsBy.getAsBoolean()) {
      taken = rehearse.get();
    }
    return taken != null;
  }

  /** Checks every {@code every} on {@code timers} until it has rehearsed. */
  void watch(ScheduledExecutorService timers, Duration every) {
    AtomicReference<ScheduledFuture<?>> checks = new AtomicReference<>();
    checks.set(
        timers.scheduleWithFixedDelay(
            () -> {
              if (check()) {
                ScheduledFuture<?> self = checks.get();
                if (self != null) {
                  self.cancel(false);
                }
              }
            },
            every.toMillis(),
            every.toMillis(),
            TimeUnit.MILLISECONDS));
  }

  /** The rehearsal, once taken. */
  synchronized Optional<CompletableFuture<TakeoverWarmUp.Result>> taken() {
    return Optional.ofNullable(taken);
  }
}
