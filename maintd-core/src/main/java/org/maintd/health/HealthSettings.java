package org.maintd.health;

import java.time.Duration;

/**
 * Whether maintd does the watcher's duties ({@code instanceHealth}), and their limits: at most
 * {@code maxTries} starts of an instance (and as many shutdowns of one shut down from inside), at
 * least {@code retryInterval} apart, within {@code retryExpiry} of the last attempt. The watcher's
 * values are the defaults. Immutable.
 */
public record HealthSettings(
    boolean enabled, int maxTries, Duration retryInterval, Duration retryExpiry) {
  /** ganeti-watcher's {@code MAXTRIES}. */
  public static final int MAX_TRIES = 5;

  /**
   * ganeti-watcher's spacing: one attempt per run, and it runs every 5 minutes ({@code *}{@code /5
   * * * * *} in Ganeti's {@code doc/examples/ganeti.cron.in}).
   */
  public static final Duration RETRY_INTERVAL = Duration.ofMinutes(5);

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
    if (retryInterval.isNegative() || retryInterval.compareTo(retryExpiry) >= 0) {
      throw new IllegalArgumentException(
          "instanceHealth.retryInterval must be at least 0 and shorter than retryExpiry ("
              + retryExpiry
              + "), not "
              + retryInterval);
    }
  }

  /** Off, with the watcher's limits. */
  public static HealthSettings off() {
    return new HealthSettings(false, MAX_TRIES, RETRY_INTERVAL, RETRY_EXPIRY);
  }

  /** On, with the watcher's limits. */
  public static HealthSettings on() {
    return new HealthSettings(true, MAX_TRIES, RETRY_INTERVAL, RETRY_EXPIRY);
  }

  /** These settings with attempts at least {@code interval} apart. */
  public HealthSettings withRetryInterval(Duration interval) {
    return new HealthSettings(enabled, maxTries, interval, retryExpiry);
  }
}
