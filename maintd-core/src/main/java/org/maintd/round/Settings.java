package org.maintd.round;

import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * How the step decides: the safety caps, the storm guard, whether harep repairs instances, and the
 * balancing threshold (NaN: no balancing). The least time between the starts of two rounds is part
 * of the stored state ({@code roundDelay}), as in Ganeti's maintenance object.
 */
public record Settings(SafetyCaps caps, StormGuard storm, boolean harep, double balanceThreshold) {
  public static Settings defaults() {
    return new Settings(SafetyCaps.defaults(), new StormGuard(30), false, Double.NaN);
  }
}
