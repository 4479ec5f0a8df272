package org.maintd.daemon.runner;

import java.time.Duration;
import java.util.Map;
import org.maintd.round.StepResult;
import org.maintd.spi.CollectorReading;

/**
 * Told what the runner does, for the metrics: each poll, each tick, each step and the view it
 * published.
 */
public interface RunnerListener {
  default void polled(Duration took, Map<String, CollectorReading> readings) {}

  default void ticked(Duration took) {}

  default void stepped(StepResult result, DaemonView published) {}

  /** Told nothing. */
  static RunnerListener none() {
    return new RunnerListener() {};
  }
}
