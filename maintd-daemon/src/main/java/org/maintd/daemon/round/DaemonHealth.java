package org.maintd.daemon.round;

import java.time.Instant;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.Times;

/**
 * The round loop's own health: RUNNING while ticks succeed or fail transiently (a backend that
 * does not answer), FAILED when the state cannot be stored and the loop stopped. Thread-safe.
 */
public final class DaemonHealth {
  /** The loop's states. */
  public enum State { STARTING, RUNNING, FAILED }

  private volatile State state = State.STARTING;
  private volatile Instant lastTick;
  private volatile String lastError = "";

  public void ticked(Instant at) {
    state = State.RUNNING;
    lastTick = at;
    lastError = "";
  }

  public void transientError(String error) {
    state = state == State.FAILED ? State.FAILED : State.RUNNING;
    lastError = error;
  }

  public void failed(String error) {
    state = State.FAILED;
    lastError = error;
  }

  public State state() {
    return state;
  }

  public HealthView view() {
    return new HealthView(state.name(), Times.secondsOrNull(lastTick), lastError);
  }
}
