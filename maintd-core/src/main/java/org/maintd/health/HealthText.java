package org.maintd.health;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.maintd.cluster.Instance;

/**
 * An instance's health in words, as {@code /1/instances} and {@code maintctl instances} show it:
 * {@code gave up at <time>} (times to the second), {@code restarting (2 of 5)}, {@code cleaning up
 * (1 of 5)}, what is wrong that maintd has not acted on yet, {@code disks activated <time>}, or
 * {@code ok}.
 */
public final class HealthText {
  private HealthText() {}

  public static String of(Instance i, HealthRecord r, int maxTries) {
    if (r.gaveUp().isPresent()) {
      return "gave up at " + seconds(r.gaveUp().get());
    }
    if (r.restarts().any()) {
      return "restarting (" + r.restarts().count() + " of " + maxTries + ")";
    }
    if (r.cleanups().any()) {
      return "cleaning up (" + r.cleanups().count() + " of " + maxTries + ")";
    }
    return switch (i.status()) {
      case ERROR_down -> "down, not restarted yet";
      case USER_down -> "shut down from inside";
      case ERROR_nodedown, ERROR_nodeoffline -> "its node is down";
      case ERROR_up, ERROR_wrongnode -> i.status().name();
      default -> r.disksActivated().map(t -> "disks activated " + seconds(t)).orElse("ok");
    };
  }

  /** A time to the second, as the views show it. */
  static String seconds(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
