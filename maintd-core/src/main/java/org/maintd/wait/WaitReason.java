package org.maintd.wait;

import java.util.List;

/**
 * Why an item of a round waits: a closed set of reasons in families by concept ({@link RoundHold},
 * {@link PlannedWorkHold}, {@link CapacityWait}, {@link OtherWorkFirst}, {@link NotReady}, {@link
 * ScheduleWait}), one record per reason. {@link #kind} is stable (API field, metric label); {@link
 * #text} is the sentence shown to operators; {@link #waits()} says that something waits for it.
 * Immutable, so thread-safe.
 */
public sealed interface WaitReason
    permits RoundHold, PlannedWorkHold, CapacityWait, OtherWorkFirst, NotReady, ScheduleWait {
  /** Every kind a reason may have, in the order the metrics list them (see {@link WaitKind}). */
  List<String> KINDS = WaitKind.wireNames();

  /** The kind of this reason: every reason names one, the compiler sees to it. */
  WaitKind waitKind();

  /** The kind, as {@code /1/plan} and the metrics name it: one of {@link #KINDS}. */
  default String kind() {
    return waitKind().wireName();
  }

  /** What it says. */
  String text();

  /**
   * How an operator reads that something waits for this reason: {@code waits: } and its text (the
   * safety caps say so as such, see {@link CapacityWait.CapReached#waits()}).
   */
  default String waits() {
    return waits(text());
  }

  /**
   * How every wait is said: {@code waits: } and what it waits for, in the words of whoever decided
   * it.
   */
  static String waits(String what) {
    return "waits: " + what;
  }
}
