package org.maintd.round;

import java.time.Duration;
import org.maintd.balance.BalanceOptions;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * How the step decides: the safety caps, the storm guard, whether harep repairs instances, the
 * balancing threshold (NaN: no balancing), how long after a soft reboot that has not brought a
 * campaign's node back it is rebooted hard through the cluster's power control (zero: never; a soft
 * reboot that fails then stops the campaign), and what balancing may do (hbal's switches and gain
 * rule), and how long before its maintenance window a scheduled machine is drained ({@code
 * maintenance.drainAhead}), and the guard of planned work (allowed hours, alert interlock). The
 * least time between the starts of two rounds is part of the stored state ({@code roundDelay}), as
 * in Ganeti's maintenance object.
 */
public record Settings(
    SafetyCaps caps,
    StormGuard storm,
    boolean harep,
    double balanceThreshold,
    Duration hardRebootAfter,
    BalanceOptions balancing,
    Duration drainAhead,
    PlannedWorkGuard guard) {
  /** How long before its window starts a scheduled machine is drained, unless configured. */
  public static final Duration DRAIN_AHEAD = Duration.ofHours(1);

  public Settings {
    if (hardRebootAfter.isNegative()) {
      throw new IllegalArgumentException(
          "hardRebootAfter must not be negative, not " + hardRebootAfter);
    }
    if (drainAhead.isNegative()) {
      throw new IllegalArgumentException("drainAhead must not be negative, not " + drainAhead);
    }
  }

  /** Settings without a guard of planned work: it may start at any time, whatever alerts say. */
  public Settings(
      SafetyCaps caps,
      StormGuard storm,
      boolean harep,
      double balanceThreshold,
      Duration hardRebootAfter,
      BalanceOptions balancing,
      Duration drainAhead) {
    this(
        caps,
        storm,
        harep,
        balanceThreshold,
        hardRebootAfter,
        balancing,
        drainAhead,
        PlannedWorkGuard.none());
  }

  /** These settings with {@code guard} guarding planned work. */
  public Settings withGuard(PlannedWorkGuard guard) {
    return new Settings(
        caps, storm, harep, balanceThreshold, hardRebootAfter, balancing, drainAhead, guard);
  }

  /** Settings whose scheduled machines drain {@link #DRAIN_AHEAD} before their windows. */
  public Settings(
      SafetyCaps caps,
      StormGuard storm,
      boolean harep,
      double balanceThreshold,
      Duration hardRebootAfter,
      BalanceOptions balancing) {
    this(caps, storm, harep, balanceThreshold, hardRebootAfter, balancing, DRAIN_AHEAD);
  }

  /**
   * Settings with hbal's balancing switches, every move gaining at least {@code balanceThreshold}
   * at any score.
   */
  public Settings(
      SafetyCaps caps,
      StormGuard storm,
      boolean harep,
      double balanceThreshold,
      Duration hardRebootAfter) {
    this(
        caps,
        storm,
        harep,
        balanceThreshold,
        hardRebootAfter,
        BalanceOptions.threshold(Double.isNaN(balanceThreshold) ? 0 : balanceThreshold));
  }

  /** Settings without a hard fall-back for reboots. */
  public Settings(SafetyCaps caps, StormGuard storm, boolean harep, double balanceThreshold) {
    this(caps, storm, harep, balanceThreshold, Duration.ZERO);
  }

  public static Settings defaults() {
    return new Settings(SafetyCaps.defaults(), new StormGuard(30), false, Double.NaN);
  }
}
