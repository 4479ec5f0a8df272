package org.maintd.daemon.store;

import java.util.Optional;
import org.maintd.daemon.service.HealthReport;
import org.maintd.spi.UnreadableStateException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the stored state was the last time this daemon looked (as a leader taking up its work, or a
 * standby reading what the leader stored): readable, there but unreadable, or lost while the
 * cluster shows maintd's work. While it is not readable nothing is submitted: {@code /1/health}
 * says why and where, {@code maintd_store_unreadable} is 1 while it cannot be decoded, and the log
 * says it once per change of reason. Thread-safe.
 */
public final class StateCondition {
  private static final Logger log = LoggerFactory.getLogger(StateCondition.class);

  private String state = "";
  private String where = "";
  private String reason = "";

  /** The last look found the state unreadable, for the reason {@code e} gives. */
  public void unreadable(UnreadableStateException e) {
    if (moved("STATE_UNREADABLE", e.where(), e.reason())) {
      log.error("{}; {}", e.getMessage(), UNREADABLE_REMEDY);
    }
  }

  /**
   * The last look found no state while the cluster shows maintd's work ({@code why}): only a daemon
   * started with {@code --recover} may rebuild it.
   */
  public void lost(String where, String why) {
    if (moved("STATE_LOST", where, why)) {
      log.error("{}", why);
    }
  }

  private synchronized boolean moved(String newState, String newWhere, String newReason) {
    if (newState.equals(state) && newWhere.equals(where) && newReason.equals(reason)) {
      return false;
    }
    state = newState;
    where = newWhere;
    reason = newReason;
    return true;
  }

  /** The last look read the state. */
  public void readable() {
    String was;
    synchronized (this) {
      was = where;
      if (state.isEmpty()) {
        return;
      }
      state = "";
      where = "";
      reason = "";
    }
    log.warn("the stored state in {} can be read again", was);
  }

  public synchronized boolean isUnreadable() {
    return state.equals("STATE_UNREADABLE");
  }

  /** Whether the state is not readable, lost or unreadable: nothing is done on it. */
  public synchronized boolean blocks() {
    return !state.isEmpty();
  }

  /** What keeps the daemon from its work, for {@code /1/health}; empty while the state is read. */
  public synchronized Optional<HealthReport.Holdup> holdup() {
    return state.isEmpty()
        ? Optional.empty()
        : Optional.of(new HealthReport.Holdup(state, problem()));
  }

  /** Why nothing is done; empty while the state can be read. */
  public synchronized String problem() {
    return switch (state) {
      case "STATE_UNREADABLE" ->
          "the stored state in " + where + " cannot be read: " + reason + "; " + UNREADABLE_REMEDY;
      case "STATE_LOST" -> reason;
      default -> "";
    };
  }

  private static final String UNREADABLE_REMEDY =
      "nothing is submitted until a good state is back (maintd --import-state FILE, or remove it"
          + " and run maintd --recover; see docs/operations.md)";
}
