package org.maintd.daemon.round;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.protocol.state.IncidentCodec;

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

  public Map<String, Object> toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("state", state.name());
    m.put("last_tick", lastTick == null ? null : IncidentCodec.seconds(lastTick));
    m.put("last_error", lastError);
    return m;
  }
}
