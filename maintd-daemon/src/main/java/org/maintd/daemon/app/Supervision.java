package org.maintd.daemon.app;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.service.Part;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The exit policy. A failed part that a new election may cure makes the daemon stand again; any
 * other stops what acts at once and completes {@link #exit} with code 1 after {@code
 * exitAfterFailure}, so that systemd restarts the daemon; the master role moving away completes it
 * with code 11. Thread-safe.
 */
final class Supervision implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Supervision.class);

  private final Duration exitAfterFailure;
  private final ScheduledExecutorService exitTimer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-exit"));
  private final CompletableFuture<Integer> exit = new CompletableFuture<>();

  Supervision(Duration exitAfterFailure) {
    this.exitAfterFailure = exitAfterFailure;
  }

  /**
   * {@code failed} failed: unless {@code curable} takes it (by standing for election again), {@code
   * stopActing} runs on the exit timer and the daemon exits once the grace period is over.
   */
  void failed(Part failed, Predicate<Part> curable, Runnable stopActing) {
    if (curable.test(failed)) {
      return;
    }
    log.error(
        "maintd has failed ({}: {}); automatic actions stopped; exiting with code {} in {} s so that systemd"
            + " restarts it",
        failed.name(),
        failed.cause(),
        ExitCodes.FAILURE,
        exitAfterFailure.toSeconds());
    exitTimer.execute(stopActing);
    exitTimer.schedule(
        () -> exit.complete(ExitCodes.FAILURE), exitAfterFailure.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The master role moved to another node: the daemon exits with code 11. */
  void masterMoved() {
    exit.complete(ExitCodes.NOT_MASTER);
  }

  CompletableFuture<Integer> exit() {
    return exit;
  }

  @Override
  public void close() {
    exitTimer.shutdownNow();
  }
}
