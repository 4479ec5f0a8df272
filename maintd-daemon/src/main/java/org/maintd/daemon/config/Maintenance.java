package org.maintd.daemon.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AllowedHours;
import org.maintd.guard.PlannedWorkGuard;

/**
 * Planned maintenance: how long before its window a scheduled machine starts to drain, where the
 * consent commands are and how long one may run, and the guards of planned work: the hours in which
 * it may start (every hour by default) and the alert interlock (none: no alert holds it).
 * Immutable.
 */
public record Maintenance(
    Duration drainAhead,
    Consent consent,
    AllowedHours allowedHours,
    Optional<Interlock> alertInterlock) {
  public static Maintenance defaults() {
    return new Maintenance(
        Duration.ofHours(1),
        new Consent(Path.of("/etc/maintd/consent-commands"), Duration.ofSeconds(30)),
        AllowedHours.anyTime(),
        Optional.empty());
  }

  /** The guard of planned work these settings make (none when they allow every hour and alert). */
  public PlannedWorkGuard guard() {
    return new PlannedWorkGuard(
        allowedHours.allowsAnyTime() ? Optional.empty() : Optional.of(allowedHours),
        alertInterlock.map(Interlock::rule));
  }

  /** Consent commands: the whitelist directory they are run from, and how long one may take. */
  public record Consent(Path directory, Duration timeout) {}

  /**
   * The alert interlock: the Prometheus server asked for {@code ALERTS}, how long its answer may
   * take, and which alerts hold planned work (and what an unreadable answer does).
   */
  public record Interlock(URI url, Duration timeout, AlertInterlock rule) {}
}
