package org.maintd.daemon.runner;

import java.time.Duration;

/**
 * How far the wall clock was seen to step (against the monotonic clock) since it was last asked:
 * each tick takes it and hands it to the round, which moves the state's running waits with it.
 */
public interface ClockSteps {
  /** The steps seen since the last call, summed (forward positive); zero when none. */
  Duration take();

  /** No clock watched: never a step. */
  static ClockSteps none() {
    return () -> Duration.ZERO;
  }
}
