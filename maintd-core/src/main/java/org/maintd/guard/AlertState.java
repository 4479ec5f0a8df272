package org.maintd.guard;

import java.util.List;

/** What the alert interlock last learnt from Prometheus. */
public sealed interface AlertState {
  /** No alert is active. */
  record Quiet() implements AlertState {}

  /** These alerts are active (firing or pending), at least one. */
  record Active(List<Alert> alerts) implements AlertState {
    public Active {
      alerts = List.copyOf(alerts);
      if (alerts.isEmpty()) {
        throw new IllegalArgumentException("an active alert state names at least one alert");
      }
    }
  }

  /**
   * The alerts could not be read, for this reason (Prometheus down, an error, a garbled answer).
   */
  record Unknown(String reason) implements AlertState {}

  /** Quiet when {@code alerts} is empty, else active. */
  static AlertState of(List<Alert> alerts) {
    return alerts.isEmpty() ? new Quiet() : new Active(alerts);
  }

  /** The neutral state: no alert, as when no interlock is configured. */
  static AlertState quiet() {
    return new Quiet();
  }
}
