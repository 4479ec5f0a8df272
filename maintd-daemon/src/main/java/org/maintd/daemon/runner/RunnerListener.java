package org.maintd.daemon.runner;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.round.StepResult;
import org.maintd.spi.CollectorReading;

/**
 * Told what the runner does, for the metrics and the notifications: each poll, the jobs each tick
 * read, each tick, each step and the view it published.
 */
public interface RunnerListener {
  default void polled(Duration took, Map<String, CollectorReading> readings) {}

  default void ticked(Duration took) {}

  /**
   * The jobs a tick waits for ({@code watched}, each with its spec where known) read at {@code now}
   * as {@code states}.
   */
  default void jobsRead(
      Map<String, Optional<JobSpec>> watched, Map<String, JobState> states, Instant now) {}

  default void stepped(StepResult result, DaemonView published) {}

  /** Tells {@code first}, then {@code second}. */
  static RunnerListener both(RunnerListener first, RunnerListener second) {
    return new RunnerListener() {
      @Override
      public void polled(Duration took, Map<String, CollectorReading> readings) {
        first.polled(took, readings);
        second.polled(took, readings);
      }

      @Override
      public void ticked(Duration took) {
        first.ticked(took);
        second.ticked(took);
      }

      @Override
      public void jobsRead(
          Map<String, Optional<JobSpec>> watched, Map<String, JobState> states, Instant now) {
        first.jobsRead(watched, states, now);
        second.jobsRead(watched, states, now);
      }

      @Override
      public void stepped(StepResult result, DaemonView published) {
        first.stepped(result, published);
        second.stepped(result, published);
      }
    };
  }

  /** Told nothing. */
  static RunnerListener none() {
    return new RunnerListener() {};
  }
}
