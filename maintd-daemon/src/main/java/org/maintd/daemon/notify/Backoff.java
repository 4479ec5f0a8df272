package org.maintd.daemon.notify;

import java.time.Duration;

/**
 * How long a delivery waits after its {@code n}th failed attempt: {@code first}, doubled with each
 * further failure, at most {@code most}. Stateless.
 */
final class Backoff {
  private Backoff() {}

  static Duration after(int n, Duration first, Duration most) {
    Duration wait = first;
    for (int i = 1; i < n && wait.compareTo(most) < 0; i++) {
      wait = wait.multipliedBy(2);
    }
    return wait.compareTo(most) < 0 ? wait : most;
  }
}
