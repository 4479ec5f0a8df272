package org.maintd.guard;

import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.WaitReason;

/**
 * The alert interlock's rule: which alerts hold planned work ({@code filter}) and what an unknown
 * alert state does ({@code onError}: hold, the fail-safe default, or proceed).
 */
public record AlertInterlock(AlertFilter filter, OnError onError) {
  /** What planned work does while Prometheus cannot be read. */
  public enum OnError {
    HOLD,
    PROCEED;

    /** As {@code maintd.yaml} names it. */
    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Why planned work waits in {@code state}; empty when it may go on. */
  public Optional<WaitReason> holds(AlertState state) {
    if (state instanceof AlertState.Quiet) {
      return Optional.empty();
    }
    if (state instanceof AlertState.Active active) {
      List<Alert> counted = filter.counted(active.alerts());
      return counted.isEmpty()
          ? Optional.empty()
          : Optional.of(new PlannedWorkHold.AlertsActive(names(counted)));
    }
    if (state instanceof AlertState.Unknown unknown) {
      return onError == OnError.HOLD
          ? Optional.of(new PlannedWorkHold.AlertsUnknown(unknown.reason()))
          : Optional.empty();
    }
    throw new IllegalStateException("no rule for the alert state " + state);
  }

  /**
   * Each alert's name once, sorted, followed by {@code (pending)} when none of that name fires (an
   * alert has one series per label set: a name can be firing and pending at once).
   */
  static List<String> names(List<Alert> alerts) {
    TreeMap<String, Boolean> firing = new TreeMap<>();
    alerts.forEach(a -> firing.merge(a.name(), a.firing(), Boolean::logicalOr));
    return firing.entrySet().stream()
        .map(e -> e.getKey() + (e.getValue() ? "" : " (pending)"))
        .toList();
  }
}
