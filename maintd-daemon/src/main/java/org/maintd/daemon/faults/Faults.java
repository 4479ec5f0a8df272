package org.maintd.daemon.faults;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import org.maintd.daemon.clock.Ticker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The faults the daemon sees now. Whoever finds one {@link #raise}s it on every sighting and {@link
 * #clear}s it once it is gone; the log has one line when a fault begins and one when it ends, never
 * one per retry. The detail of a lasting fault follows its last sighting. Thread-safe.
 */
public final class Faults {
  private static final Logger LOG = LoggerFactory.getLogger(Faults.class);

  private final Clock clock;
  private final Ticker ticker;
  private final Map<FaultKind, Long> begunAtNanos = new EnumMap<>(FaultKind.class);
  private final Map<FaultKind, Fault> active = new EnumMap<>(FaultKind.class);
  private final AtomicLongArray begun = new AtomicLongArray(FaultKind.values().length);

  /**
   * Faults whose {@code since} is read on the wall {@code clock}, and whose length, when they end,
   * on the monotonic {@code ticker} (a fault across a step of the wall clock does not last an hour
   * more for it).
   */
  /** A register whose faults' lengths are read on the system's monotonic clock. */
  public Faults(Clock clock) {
    this(clock, Ticker.SYSTEM);
  }

  public Faults(Clock clock, Ticker ticker) {
    this.clock = clock;
    this.ticker = ticker;
  }

  /** {@code kind} is seen now, as {@code detail} says; logged only when it was not already. */
  public void raise(FaultKind kind, String detail) {
    Fault before;
    synchronized (this) {
      before = active.get(kind);
      Instant since = before == null ? clock.instant() : before.since();
      active.put(kind, new Fault(kind, detail, since));
      if (before == null) {
        begunAtNanos.put(kind, ticker.nanos());
      }
    }
    if (before == null) {
      begun.incrementAndGet(kind.ordinal());
      LOG.warn("fault {} begins: {}", kind, detail);
    }
  }

  /** {@code kind} is not seen any more; logged only when it was. */
  public void clear(FaultKind kind) {
    Fault before;
    long lasted;
    synchronized (this) {
      before = active.remove(kind);
      Long begun = begunAtNanos.remove(kind);
      lasted = begun == null ? 0 : ticker.nanos() - begun;
    }
    if (before != null) {
      long seconds = Duration.ofNanos(lasted).toSeconds();
      LOG.info(
          "fault {} ends after {} s (it was: {})", kind, Math.max(0, seconds), before.detail());
    }
  }

  /**
   * This daemon stops leading: the faults only a leader's work sees end now (no one looks for them
   * any more); those of the daemon itself, its clock, last.
   */
  public void leadershipEnded() {
    for (FaultKind kind : FaultKind.values()) {
      if (kind.ofLeading()) {
        clear(kind);
      }
    }
  }

  /** {@code kind} raised with {@code detail} when {@code seen}, else cleared. */
  public void set(FaultKind kind, boolean seen, String detail) {
    if (seen) {
      raise(kind, detail);
    } else {
      clear(kind);
    }
  }

  /** The faults that last now, in the order of their kinds. */
  public synchronized List<Fault> active() {
    return new ArrayList<>(active.values());
  }

  /** Whether {@code kind} lasts now. */
  public synchronized boolean has(FaultKind kind) {
    return active.containsKey(kind);
  }

  /** How many times {@code kind} has begun since the daemon started. */
  public long begun(FaultKind kind) {
    return begun.get(kind.ordinal());
  }
}
