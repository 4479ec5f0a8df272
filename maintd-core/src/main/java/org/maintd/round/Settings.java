package org.maintd.round;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import org.maintd.balance.BalanceOptions;
import org.maintd.balance.BalanceThreshold;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.health.HealthSettings;
import org.maintd.reboot.RebootPolicy;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * How the step decides: the safety caps, the storm guard, whether harep repairs instances, whether
 * it balances and above which threshold, how long after a soft reboot that has not brought a
 * campaign's node back it is rebooted hard through the cluster's power control (zero: never; a soft
 * reboot that fails then stops the campaign), and what balancing may do (hbal's switches and gain
 * rule), and how long before its maintenance window a scheduled machine is drained ({@code
 * maintenance.drainAhead}), and the guard of planned work (allowed hours, alert interlock),
 * instance health (the watcher's duties; off unless configured), and how reboot requests are
 * carried out (their timeouts, whether a hard path and power control exist). The least time between
 * the starts of two rounds is part of the stored state ({@code roundDelay}), as in Ganeti's
 * maintenance object. Its single-value withers ({@code withHarep}, ...) are generated.
 */
@RecordBuilder
public record Settings(
    SafetyCaps caps,
    StormGuard storm,
    boolean harep,
    BalanceThreshold balanceThreshold,
    Duration hardRebootAfter,
    BalanceOptions balancing,
    Duration drainAhead,
    PlannedWorkGuard guard,
    HealthSettings instanceHealth,
    RebootPolicy reboot)
    implements SettingsBuilder.With {
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

  /**
   * No balancing, no harep, no hard reboots, the default caps, a storm at 30 %, drains {@link
   * #DRAIN_AHEAD} before a window, planned work unguarded and instance health off; the others by
   * their withers.
   */
  public static Settings defaults() {
    return new Settings(
        SafetyCaps.defaults(),
        new StormGuard(30),
        false,
        BalanceThreshold.off(),
        Duration.ZERO,
        BalanceOptions.threshold(0),
        DRAIN_AHEAD,
        PlannedWorkGuard.none(),
        HealthSettings.off(),
        RebootPolicy.defaults());
  }
}
