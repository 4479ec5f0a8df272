package org.maintd.daemon.testing;

import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.Optional;
import org.maintd.daemon.config.Maintenance;
import org.maintd.guard.AllowedHours;

/**
 * Allowed hours every day, in UTC, that open on the minute some hours from now and close an hour
 * later: the planned work of a test's daemon waits for them. Immutable.
 */
public record HoursAhead(LocalTime opens) {
  /** Hours that open {@code hours} hours from now. */
  public static HoursAhead in(int hours) {
    return new HoursAhead(
        ZonedDateTime.now(ZoneOffset.UTC)
            .toLocalTime()
            .plusHours(hours)
            .truncatedTo(ChronoUnit.MINUTES));
  }

  public LocalTime closes() {
    return opens.plusHours(1);
  }

  public AllowedHours allowed() {
    return new AllowedHours(EnumSet.allOf(DayOfWeek.class), opens, closes(), ZoneId.of("UTC"));
  }

  /** The maintenance settings at their defaults but for these hours. */
  public Maintenance maintenance() {
    Maintenance d = Maintenance.defaults();
    return new Maintenance(d.drainAhead(), d.consent(), allowed(), Optional.empty());
  }
}
