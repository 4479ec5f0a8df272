package org.maintd.daemon.store;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.maintd.daemon.service.HealthReport;
import org.maintd.protocol.state.NewerSchemaException;
import org.maintd.spi.AccessDeniedException;
import org.maintd.spi.UnreadableStateException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the stored state was the last time this daemon looked (as a leader taking up its work or
 * storing it, or a standby reading what the leader stored): readable, there but unreadable, lost
 * while the cluster shows maintd's work, or refused to maintd (its ACL or maintd's credentials
 * changed). While it is not readable nothing is submitted: {@code /1/health} says why and where,
 * and the log says it once per change. Every refusal seen is counted ({@link #denials}).
 * Thread-safe.
 */
public final class StateCondition {
  private static final Logger log = LoggerFactory.getLogger(StateCondition.class);

  private static final String UNREADABLE_REMEDY =
      "nothing is submitted until a good state is back (maintd --import-state FILE, or remove it"
          + " and run maintd --recover; see docs/operations.md)";

  private static final String NEWER_REMEDY =
      "this maintd submits nothing on it and must not replace it: upgrade this daemon to the"
          + " version that wrote it (see Upgrading in docs/operations.md)";

  /** What the last look found. */
  public sealed interface Condition {
    /** The state of {@code /1/health} it holds the daemon in; empty when it holds nothing. */
    String state();

    /** Why nothing is done; empty when the state was read. */
    String problem();
  }

  /** The state was read. */
  public record Readable() implements Condition {
    @Override
    public String state() {
      return "";
    }

    @Override
    public String problem() {
      return "";
    }
  }

  /** It is there but cannot be decoded; {@code remedy} says what brings it back. */
  public record Unreadable(String where, String reason, String remedy) implements Condition {
    @Override
    public String state() {
      return "STATE_UNREADABLE";
    }

    @Override
    public String problem() {
      return "the stored state in " + where + " cannot be read: " + reason + "; " + remedy;
    }
  }

  /** None is stored while the cluster shows maintd's work ({@code why}). */
  public record Lost(String where, String why) implements Condition {
    @Override
    public String state() {
      return "STATE_LOST";
    }

    @Override
    public String problem() {
      return why;
    }
  }

  /** The store refuses maintd access to {@code where}. */
  public record Denied(String where, String reason) implements Condition {
    @Override
    public String state() {
      return "ACCESS_DENIED";
    }

    @Override
    public String problem() {
      return "maintd may not use "
          + where
          + ": "
          + reason
          + "; nothing is submitted until access is back, and the daemon resumes by itself then";
    }
  }

  // moved under this object's lock, read without it (every health check and scrape reads it)
  private volatile Condition condition = new Readable();
  private final AtomicLong denials = new AtomicLong();

  /**
   * The last look found the state unreadable, for the reason {@code e} gives: one a newer maintd
   * wrote is left to a daemon of that version.
   */
  public void unreadable(UnreadableStateException e) {
    Unreadable u =
        new Unreadable(
            e.where(),
            e.reason(),
            NewerSchemaException.in(e).isPresent() ? NEWER_REMEDY : UNREADABLE_REMEDY);
    if (moved(u)) {
      log.error("{}; {}", e.getMessage(), u.remedy());
    }
  }

  /**
   * The last look found no state while the cluster shows maintd's work ({@code why}): only a daemon
   * started with {@code --recover} may rebuild it.
   */
  public void lost(String where, String why) {
    if (moved(new Lost(where, why))) {
      log.error("{}", why);
    }
  }

  /** The store refused maintd access, as {@code e} says. */
  public void denied(AccessDeniedException e) {
    denials.incrementAndGet();
    Denied d = new Denied(e.where(), e.reason());
    if (moved(d)) {
      log.error("{}", d.problem());
    }
  }

  private synchronized boolean moved(Condition next) {
    if (next.equals(condition)) {
      return false;
    }
    condition = next;
    return true;
  }

  /** The last look read the state. */
  public void readable() {
    Condition was;
    synchronized (this) {
      was = condition;
      condition = new Readable();
    }
    if (was instanceof Denied d) {
      log.warn("maintd may use {} again: it goes on", d.where());
    } else if (was instanceof Unreadable u) {
      log.warn("the stored state in {} can be read again", u.where());
    } else if (was instanceof Lost l) {
      log.warn("the stored state in {} can be read again", l.where());
    }
  }

  /** What the last look found. */
  public Condition condition() {
    return condition;
  }

  /** Whether the state is not readable (lost, unreadable or refused): nothing is done on it. */
  public boolean blocks() {
    return !(condition instanceof Readable);
  }

  /** How many times the store refused maintd access since this daemon started. */
  public long denials() {
    return denials.get();
  }

  /** What keeps the daemon from its work, for {@code /1/health}; empty while the state is read. */
  public Optional<HealthReport.Holdup> holdup() {
    Condition c = condition;
    return c instanceof Readable
        ? Optional.empty()
        : Optional.of(new HealthReport.Holdup(c.state(), c.problem()));
  }

  /** Why nothing is done; empty while the state can be read. */
  public String problem() {
    return condition.problem();
  }
}
