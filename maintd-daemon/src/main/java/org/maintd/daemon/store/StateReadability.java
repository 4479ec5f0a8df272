package org.maintd.daemon.store;

import org.maintd.spi.UnreadableStateException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the stored state could be read the last time this daemon looked (as a leader taking up
 * its work, or a standby reading what the leader stored). While it cannot, nothing is submitted:
 * {@code /1/health} says why and where, {@code maintd_store_unreadable} is 1, and the log says it
 * once per change of reason. Thread-safe.
 */
public final class StateReadability {
  private static final Logger log = LoggerFactory.getLogger(StateReadability.class);

  private String where = "";
  private String reason = "";

  /** The last look found the state unreadable, for the reason {@code e} gives. */
  public void unreadable(UnreadableStateException e) {
    synchronized (this) {
      if (e.reason().equals(reason) && e.where().equals(where)) {
        return;
      }
      where = e.where();
      reason = e.reason();
    }
    log.error("{}; {}", e.getMessage(), REMEDY);
  }

  /** The last look read the state. */
  public void readable() {
    String was;
    synchronized (this) {
      was = where;
      if (reason.isEmpty()) {
        return;
      }
      where = "";
      reason = "";
    }
    log.warn("the stored state in {} can be read again", was);
  }

  public synchronized boolean isUnreadable() {
    return !reason.isEmpty();
  }

  /** What {@code /1/health} says while it cannot be read; empty while it can. */
  public synchronized String problem() {
    return reason.isEmpty()
        ? ""
        : "the stored state in " + where + " cannot be read: " + reason + "; " + REMEDY;
  }

  private static final String REMEDY =
      "nothing is submitted until a good state is back (maintd --import-state FILE, or remove it"
          + " and run maintd --recover; see docs/operations.md)";
}
