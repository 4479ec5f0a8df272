package org.maintd.daemon.config;

import java.time.Duration;
import org.maintd.config.ConfigSection;
import org.maintd.config.DurationText;
import org.maintd.health.HealthSettings;

/**
 * The keys of instance health in {@code maintd.yaml}: {@code instanceHealth}, either {@code true}
 * or {@code false} alone or a mapping with {@code enabled}, {@code maxTries} (1 to 100), {@code
 * retryInterval} (0 or more, shorter than {@code retryExpiry}) and {@code retryExpiry} (at least a
 * minute); ganeti-watcher's limits (5, 5m, 8h) unless set. Each bad value is told with its key.
 */
final class HealthSection {
  private HealthSection() {}

  static HealthSettings read(ConfigSection root) {
    HealthSettings d = HealthSettings.off();
    if (!root.holdsMapping("instanceHealth")) {
      return new HealthSettings(
          root.bool("instanceHealth", false), d.maxTries(), d.retryInterval(), d.retryExpiry());
    }
    ConfigSection h = root.section("instanceHealth");
    Duration expiry = h.duration("retryExpiry", d.retryExpiry(), Duration.ofMinutes(1));
    Duration interval = h.duration("retryInterval", d.retryInterval(), Duration.ZERO);
    if (interval.compareTo(expiry) >= 0) {
      h.problem(
          "retryInterval",
          "must be shorter than retryExpiry ("
              + DurationText.format(expiry)
              + "), not "
              + DurationText.format(interval));
      interval = Duration.ZERO;
    }
    return new HealthSettings(
        h.bool("enabled", false),
        (int) h.integer("maxTries", d.maxTries(), 1, 100),
        interval,
        expiry);
  }
}
