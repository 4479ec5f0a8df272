package org.maintd.daemon.faults;

/**
 * The faults the daemon names, as {@code /1/health} lists them and {@code maintd_fault{fault}}
 * shows them. A fault that {@link #stopsWork} keeps the leader from its work while it lasts: the
 * daemon's state then names it and {@code /1/health} answers 503; the others are told and the work
 * goes on around them. A fault {@link #ofLeading} is seen only in a leader's work (its polls, its
 * rounds, its jobs, its writes): no one looks for it once this daemon stops leading, so it ends
 * with the leadership rather than lasting, stale, on a standby.
 */
public enum FaultKind {
  /** The cluster's API does not answer: nothing can be read or submitted. */
  BACKEND_UNREACHABLE(true, true),
  /** The cluster's API answers with errors or with what cannot be read (a 502, truncated JSON). */
  BACKEND_ANSWERS_WRONG(true, true),
  /** The cluster's API answers, but slower than the daemon's deadline for it. */
  BACKEND_SLOW(false, true),
  /** A submitted job has run longer than its kind ever should: it is watched, never resubmitted. */
  JOB_OVERDUE(false, true),
  /** Collectors the daemon expects to answer do not: their nodes' reports are missing. */
  COLLECTORS_UNREACHABLE(false, true),
  /**
   * A collector cannot record repair results (its disk full or read-only): the repairs it is asked
   * for wait, asked again at every poll, and run once it can.
   */
  COLLECTOR_DISK_FULL(false, true),
  /** Reports refused because the node's clock is off by more than the signatures allow. */
  NODE_CLOCK_SKEW(false, true),
  /**
   * The state cannot be written (a full or read-only disk, a store that refuses): nothing is
   * submitted.
   */
  STATE_UNWRITABLE(true, true),
  /**
   * The wall clock jumped against the monotonic clock: times read across the jump are not trusted.
   */
  CLOCK_STEPPED(false, false);

  private final boolean stopsWork;
  private final boolean ofLeading;

  FaultKind(boolean stopsWork, boolean ofLeading) {
    this.stopsWork = stopsWork;
    this.ofLeading = ofLeading;
  }

  /** Whether the leader does no work while this fault lasts. */
  public boolean stopsWork() {
    return stopsWork;
  }

  /** Whether only a leader's work sees this fault, so that it ends when the leadership does. */
  public boolean ofLeading() {
    return ofLeading;
  }
}
