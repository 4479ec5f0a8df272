package org.maintd.guard;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The hours in which planned work may start: on each of {@code days}, a window opens at {@code
 * start} and closes at {@code end}, wall-clock times in {@code zone}. The start is inside the
 * window, the end is not ({@code 22:00-06:00} allows 05:59:59.999 but not 06:00). An end at or
 * before the start closes on the next day: a day in the list opens the window that <em>starts</em>
 * on it, its after-midnight tail included ({@code fr 22:00-06:00} runs from Friday 22:00 to
 * Saturday 06:00, and Monday 00:00-06:00 belongs to Sunday's window). An end equal to the start
 * makes the window a whole day. The calendar arithmetic follows the zone's rules: a window lasts
 * from its start to its end as the wall clock reads them, 23 or 25 hours on a day the clocks
 * change; a time the clocks skip (spring forward) is moved later by the length of the gap (02:30
 * becomes 03:30); a time that happens twice (fall back) means its first occurrence. Immutable.
 */
public record AllowedHours(Set<DayOfWeek> days, LocalTime start, LocalTime end, ZoneId zone) {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("H:mm[:ss]").withResolverStyle(ResolverStyle.STRICT);

  public AllowedHours {
    if (days.isEmpty()) {
      throw new IllegalArgumentException("allowed hours need at least one day");
    }
    days = Set.copyOf(EnumSet.copyOf(days));
  }

  /** Every hour of every day: no guard at all. */
  public static AllowedHours anyTime() {
    return new AllowedHours(
        EnumSet.allOf(DayOfWeek.class), LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, ZoneId.of("UTC"));
  }

  /** Whether these hours allow every moment (every day, whole days). */
  public boolean allowsAnyTime() {
    return days.size() == DayOfWeek.values().length && start.equals(end);
  }

  /**
   * The days {@code items} name (see {@link Weekdays}); an {@link IllegalArgumentException} showing
   * the item that is not a day.
   */
  public static Set<DayOfWeek> days(List<String> items) {
    return Weekdays.parse(items);
  }

  /** A time of day, {@code H:MM} or {@code H:MM:SS} (24-hour clock). */
  public static LocalTime time(String text) {
    try {
      return LocalTime.parse(text.strip(), TIME);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a time of day (HH:MM or HH:MM:SS, from 00:00 to 23:59:59)", e);
    }
  }

  /** A time zone: an IANA name such as {@code Europe/Berlin}, {@code UTC}, or an offset. */
  public static ZoneId zone(String text) {
    try {
      return ZoneId.of(text.strip());
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          "'"
              + text
              + "' is not a time zone (an IANA name such as Europe/Berlin, UTC, or an offset such"
              + " as +01:00)",
          e);
    }
  }

  /** Whether planned work may start at {@code now}. */
  public boolean contains(Instant now) {
    LocalDate today = now.atZone(zone).toLocalDate();
    // A window lasts at most a day and a bit, but a zone may skip a whole date: two days back.
    for (LocalDate day : List.of(today.minusDays(2), today.minusDays(1), today)) {
      if (days.contains(day.getDayOfWeek())
          && !now.isBefore(opens(day).toInstant())
          && now.isBefore(closes(day).toInstant())) {
        return true;
      }
    }
    return false;
  }

  /** The first moment after {@code now} at which a window opens, in the zone of these hours. */
  public ZonedDateTime nextOpening(Instant now) {
    LocalDate today = now.atZone(zone).toLocalDate();
    for (int ahead = 0; ahead <= 8; ahead++) {
      LocalDate day = today.plusDays(ahead);
      if (days.contains(day.getDayOfWeek()) && opens(day).toInstant().isAfter(now)) {
        return opens(day);
      }
    }
    throw new IllegalStateException("no window opens within a week of " + now + " in " + this);
  }

  private ZonedDateTime opens(LocalDate day) {
    return ZonedDateTime.of(day, start, zone);
  }

  private ZonedDateTime closes(LocalDate day) {
    return ZonedDateTime.of(end.isAfter(start) ? day : day.plusDays(1), end, zone);
  }

  /** As the operator reads it: {@code mo-fr 22:00-06:00 Europe/Berlin}. */
  @Override
  public String toString() {
    return Weekdays.render(days) + " " + start + "-" + end + " " + zone;
  }
}
