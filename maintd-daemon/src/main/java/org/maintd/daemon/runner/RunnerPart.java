package org.maintd.daemon.runner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.service.PartState;
import org.maintd.protocol.api.Times;
import org.maintd.spi.BackendException;
import org.maintd.spi.StateUnwritableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runner as a part of the daemon: one thread that ticks every poll interval and runs the
 * command steps between ticks. A backend that fails skips the tick (it is tried again at the next;
 * logged once until a tick succeeds, the backend's faults tell the rest); so does a state the disk
 * refuses to store (the store raises {@code STATE_UNWRITABLE}, which says it once; nothing the step
 * decided is carried out, and the next tick writes again). Anything else thrown by a step — the
 * state cannot be encoded or is written out of turn, a bug — moves the runner to {@code FAILED}:
 * nothing more is submitted, and the daemon exits. Thread-safe.
 */
public final class RunnerPart extends Part {
  private static final Logger log = LoggerFactory.getLogger(RunnerPart.class);

  private final RoundRunner runner;
  private final Duration interval;
  private final Clock clock;
  private final ScheduledExecutorService thread =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-runner"));
  private volatile Instant lastTick;
  private volatile String lastError = "";

  public RunnerPart(RoundRunner runner, Duration interval, Clock clock) {
    super("runner", clock);
    this.runner = runner;
    this.interval = interval;
    this.clock = clock;
  }

  /**
   * Where command steps run: on the runner's thread, after the tick in progress; refused once it
   * has stopped.
   */
  public Executor commandThread() {
    return task -> {
      if (state() != PartState.RUNNING) {
        throw new RejectedExecutionException("the runner is " + state());
      }
      thread.execute(
          () -> {
            if (!guarded(task) && state() != PartState.RUNNING) {
              runner.refuseQueued(
                  "the runner is " + state() + (cause().isEmpty() ? "" : ": " + cause()));
            }
          });
    };
  }

  public Instant lastTick() {
    return lastTick;
  }

  /**
   * The last error: the cause it failed of, or the last transient one (empty once a tick succeeds).
   */
  public String lastError() {
    return state() == PartState.FAILED ? cause() : lastError;
  }

  /**
   * Takes the first tick before it counts as running, so that what the API shows from the start is
   * a polled cluster; a first tick that fails for anything but the backend fails the start.
   */
  @Override
  protected void startUp() {
    try {
      thread.submit(this::tick).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during the first tick", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "the first tick failed: " + e.getCause().getMessage(), e.getCause());
    }
    if (state() == PartState.FAILED) {
      throw new IllegalStateException("the first tick failed: " + cause(), error());
    }
    thread.scheduleWithFixedDelay(
        this::tick, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void tick() {
    if (guarded(runner::tick)) {
      if (!lastError.isEmpty()) {
        log.info("steps taken again: the backend answers");
      }
      lastTick = clock.instant();
      lastError = "";
    }
  }

  private boolean guarded(Runnable step) {
    if (state() != PartState.RUNNING && state() != PartState.STARTING) {
      return false;
    }
    try {
      step.run();
      return true;
    } catch (BackendException e) {
      if (lastError.isEmpty()) {
        log.warn("steps skipped while the backend fails: {}", e.getMessage());
      } else {
        log.debug("step skipped, the backend failed: {}", e.getMessage());
      }
      lastError = e.getMessage();
    } catch (StateUnwritableException e) {
      lastError = e.getMessage();
    } catch (RuntimeException e) {
      failed(e);
      thread.shutdown();
    }
    return false;
  }

  @Override
  protected void shutDown() {
    // A step in progress finishes its state write: interrupting it would close the file channel
    // under the write. Only a step stuck past the grace period is interrupted.
    thread.shutdown();
    try {
      if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
        thread.shutdownNow();
      }
    } catch (InterruptedException e) {
      thread.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  @Override
  protected String detail() {
    return "every "
        + interval.toMillis()
        + " ms; last tick "
        + (lastTick == null ? "none yet" : Times.seconds(lastTick));
  }
}
