package org.maintd.health;

import java.time.Duration;

/**
 * Whether maintd does the watcher's duties ({@code instanceHealth}), and their limits: at most
 * {@code maxTries} starts of an instance (and as many shutdowns of one shut down from inside)
 * within {@code retryExpiry} of the last attempt. The watcher's values are the defaults.
 */
public record HealthSettings(boolean enabled, int maxTries, Duration retryExpiry) {
  /** ganeti-watcher's {@code MAXTRIES}. */
  public static final int MAX_TRIES = 5;

  /** ganeti-watcher's {@code RETRY_EXPIRATION}. */
  public static final Duration RETRY_EXPIRY = Duration.ofHours(8);

  public HealthSettings {
    if (maxTries < 1) {
      throw new IllegalArgumentException(
          "instanceHealth.maxTries must be at least 1, not " + maxTries);
    }
    if (retryExpiry.isNegative() || retryExpiry.isZero()) {
      throw new IllegalArgumentException(
          "instanceHealth.retryExpiry must be positive, not " + retryExpiry);
    }
  }

  /** Off, with the watcher's limits. */
  public static HealthSettings off() {
    return new HealthSettings(false, MAX_TRIES, RETRY_EXPIRY);
  }

  /** On, with the watcher's limits. */
  public static HealthSettings on() {
    return new HealthSettings(true, MAX_TRIES, RETRY_EXPIRY);
  }
}
