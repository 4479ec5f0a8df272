package org.maintd.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The allowed hours at and around every boundary: start inclusive, end exclusive, windows across
 * midnight (the day a window starts on decides), across the changes of daylight saving time and of
 * a zone's offset, and when each next opens. Every moment is an argument: no clock is read.
 */
class AllowedHoursTest {

  static AllowedHours hours(String days, String start, String end, String zone) {
    return new AllowedHours(
        AllowedHours.days(List.of(days)),
        AllowedHours.time(start),
        AllowedHours.time(end),
        AllowedHours.zone(zone));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    // 2026-11-27 is a Friday; Berlin is at +01:00 in November.
    "2026-11-27T04:59:59Z, true, 'Friday 05:59:59: the tail of Thursday'",
    "2026-11-27T05:00:00Z, false, 'Friday 06:00: the window of Thursday is closed'",
    "2026-11-27T20:59:59.999Z, false, 'a second before Friday 22:00'",
    "2026-11-27T21:00:00Z, true, 'Friday 22:00: the start is inside'",
    "2026-11-28T04:59:59.999Z, true, 'Saturday 05:59:59.999: the tail of Friday'",
    "2026-11-28T05:00:00Z, false, 'Saturday 06:00: the end is outside'",
    "2026-11-28T02:00:00Z, true, 'Saturday 03:00 belongs to the window of Friday (kured: closed)'",
    "2026-11-28T21:00:00Z, false, 'Saturday 22:00: Saturday is not a day of the list'",
    "2026-11-29T23:00:00Z, false, 'Monday 00:00 is the tail of Sunday (kured: open)'",
    "2026-11-30T02:00:00Z, false, 'Monday 03:00: the tail of Sunday'",
    "2026-11-30T20:59:59Z, false, 'Monday 21:59:59'",
    "2026-11-30T21:00:00Z, true, 'Monday 22:00'",
    "2026-11-30T23:00:00Z, true, 'Tuesday 00:00: the tail of Monday'",
  })
  void aDayOfTheListOpensTheWindowThatStartsOnIt(Instant at, boolean open, String why) {
    assertEquals(open, hours("mo-fr", "22:00", "06:00", "Europe/Berlin").contains(at), why);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "2026-11-27T06:59:59Z, false, 'Friday 07:59:59'",
    "2026-11-27T07:00:00Z, true, 'Friday 08:00'",
    "2026-11-27T15:59:59.999999999Z, true, 'Friday 16:59:59.999999999'",
    "2026-11-27T16:00:00Z, false, 'Friday 17:00'",
    "2026-11-28T07:00:00Z, false, 'Saturday 08:00'",
  })
  void aWindowWithinADayOpensAtItsStartAndClosesAtItsEnd(Instant at, boolean open, String why) {
    assertEquals(open, hours("mo-fr", "08:00", "17:00", "Europe/Berlin").contains(at), why);
  }

  @ParameterizedTest(name = "{0} {1}-{2} {3} at {4}: {5}")
  @CsvSource({
    // Spring forward in Berlin: Sunday 2026-03-29 02:00 CET becomes 03:00 CEST.
    "su, 01:00, 05:00, Europe/Berlin, 2026-03-28T23:59:59Z, false",
    "su, 01:00, 05:00, Europe/Berlin, 2026-03-29T00:00:00Z, true",
    "su, 01:00, 05:00, Europe/Berlin, 2026-03-29T02:59:59Z, true",
    "su, 01:00, 05:00, Europe/Berlin, 2026-03-29T03:00:00Z, false",
    // A start the clocks skip moves later by the gap: 02:30 is 03:30 CEST (01:30 UTC).
    "su, 02:30, 04:00, Europe/Berlin, 2026-03-29T01:29:59Z, false",
    "su, 02:30, 04:00, Europe/Berlin, 2026-03-29T01:30:00Z, true",
    "su, 02:30, 04:00, Europe/Berlin, 2026-03-29T01:59:59Z, true",
    "su, 02:30, 04:00, Europe/Berlin, 2026-03-29T02:00:00Z, false",
    // Across midnight and the change: Saturday 22:00 CET to Sunday 06:00 CEST, 7 hours.
    "sa, 22:00, 06:00, Europe/Berlin, 2026-03-28T20:59:59Z, false",
    "sa, 22:00, 06:00, Europe/Berlin, 2026-03-28T21:00:00Z, true",
    "sa, 22:00, 06:00, Europe/Berlin, 2026-03-29T03:59:59Z, true",
    "sa, 22:00, 06:00, Europe/Berlin, 2026-03-29T04:00:00Z, false",
    // A whole day (end = start) is 23 hours long that Sunday.
    "su, 00:00, 00:00, Europe/Berlin, 2026-03-28T22:59:59Z, false",
    "su, 00:00, 00:00, Europe/Berlin, 2026-03-28T23:00:00Z, true",
    "su, 00:00, 00:00, Europe/Berlin, 2026-03-29T21:59:59Z, true",
    "su, 00:00, 00:00, Europe/Berlin, 2026-03-29T22:00:00Z, false",
    // Fall back: Sunday 2026-10-25 03:00 CEST becomes 02:00 CET; 22:00-06:00 lasts 9 hours.
    "sa, 22:00, 06:00, Europe/Berlin, 2026-10-24T19:59:59Z, false",
    "sa, 22:00, 06:00, Europe/Berlin, 2026-10-24T20:00:00Z, true",
    "sa, 22:00, 06:00, Europe/Berlin, 2026-10-25T04:59:59Z, true",
    "sa, 22:00, 06:00, Europe/Berlin, 2026-10-25T05:00:00Z, false",
    // A start that happens twice means the first: 02:30 CEST (00:30 UTC).
    "su, 02:30, 04:00, Europe/Berlin, 2026-10-25T00:29:59Z, false",
    "su, 02:30, 04:00, Europe/Berlin, 2026-10-25T00:30:00Z, true",
    "su, 02:30, 04:00, Europe/Berlin, 2026-10-25T02:59:59Z, true",
    "su, 02:30, 04:00, Europe/Berlin, 2026-10-25T03:00:00Z, false",
    // Moscow left +04:00 for +03:00 for good at 2014-10-26 02:00 (clocks back to 01:00).
    "sa, 23:00, 03:00, Europe/Moscow, 2014-10-25T18:59:59Z, false",
    "sa, 23:00, 03:00, Europe/Moscow, 2014-10-25T19:00:00Z, true",
    "sa, 23:00, 03:00, Europe/Moscow, 2014-10-25T23:59:59Z, true",
    "sa, 23:00, 03:00, Europe/Moscow, 2014-10-26T00:00:00Z, false",
    // Samoa skipped Friday 2011-12-30 (from -10:00 to +14:00): Thursday 22:00 to the next 06:00
    // on the wall clock, which is Saturday's, is 8 hours.
    "th, 22:00, 06:00, Pacific/Apia, 2011-12-30T07:59:59Z, false",
    "th, 22:00, 06:00, Pacific/Apia, 2011-12-30T08:00:00Z, true",
    "th, 22:00, 06:00, Pacific/Apia, 2011-12-30T15:59:59Z, true",
    "th, 22:00, 06:00, Pacific/Apia, 2011-12-30T16:00:00Z, false",
  })
  void windowsFollowTheWallClockAcrossChangesOfOffset(
      String days, String start, String end, String zone, Instant at, boolean open) {
    assertEquals(open, hours(days, start, end, zone).contains(at));
  }

  @ParameterizedTest(name = "at {0}: next opening {1}")
  @CsvSource({
    "2026-11-27T20:59:59Z, 2026-11-27T22:00+01:00[Europe/Berlin]",
    "2026-11-27T21:00:00Z, 2026-11-30T22:00+01:00[Europe/Berlin]",
    "2026-11-28T05:00:00Z, 2026-11-30T22:00+01:00[Europe/Berlin]",
    "2026-11-28T09:00:00Z, 2026-11-30T22:00+01:00[Europe/Berlin]",
    "2026-11-30T21:00:00Z, 2026-12-01T22:00+01:00[Europe/Berlin]",
  })
  void theNextOpeningIsTheFirstStartAfterNow(Instant at, String opening) {
    assertEquals(
        opening, hours("mo-fr", "22:00", "06:00", "Europe/Berlin").nextOpening(at).toString());
  }

  @Test
  void aStartTheClocksSkipOpensLaterByTheGap() {
    assertEquals(
        "2026-03-29T03:30+02:00[Europe/Berlin]",
        hours("su", "02:30", "04:00", "Europe/Berlin")
            .nextOpening(Instant.parse("2026-03-28T12:00:00Z"))
            .toString());
  }

  @Test
  void theDefaultsAllowEveryMoment() {
    AllowedHours any = AllowedHours.anyTime();
    assertTrue(any.allowsAnyTime());
    for (String at :
        List.of("2026-03-29T01:00:00Z", "2026-10-25T00:59:59Z", "2026-11-27T23:59:59.999Z")) {
      assertTrue(any.contains(Instant.parse(at)), at);
    }
    assertEquals(any, hours("su-sa", "00:00", "00:00", "UTC"));
    assertFalse(hours("mo-sa", "00:00", "00:00", "UTC").allowsAnyTime());
    assertFalse(hours("mo-su", "00:00", "23:59", "UTC").allowsAnyTime());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "'mo-fr,sa', 'mo-sa'",
    "'0,6', 'sa-su'",
    "'FR-mo', 'mo,fr-su'",
    "'Monday, wed, 5', 'mo,we,fr'",
    "'su-sa', 'mo-su'",
    "'tue-tue', 'tu'",
  })
  void daysReadAsNamesNumbersAndRangesAndAreShownInTheWeeksOrder(String days, String shown) {
    assertEquals(
        shown + " 22:00-06:00 Europe/Berlin",
        hours(days, "22:00", "06:00", "Europe/Berlin").toString());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "funday | 'funday' is not a day (mo, tu, we, th, fr, sa, su, their longer names, or 0-6"
            + " with 0 for Sunday; ranges such as mo-fr)",
        "mo-xx | 'mo-xx' is not a day (mo, tu, we, th, fr, sa, su, their longer names, or 0-6 with"
            + " 0 for Sunday; ranges such as mo-fr)",
        "mo-tu-we | 'mo-tu-we' is not a day (mo, tu, we, th, fr, sa, su, their longer names, or"
            + " 0-6 with 0 for Sunday; ranges such as mo-fr)",
        "7 | '7' is not a day: numbers go from 0 (Sunday) to 6 (Saturday)",
        "' , ' | must name at least one day, e.g. [mo-fr]",
      })
  void aWordThatIsNoDayIsRefusedShowingIt(String days, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AllowedHours.days(List.of(days)));
    assertEquals(message, e.getMessage());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource({"24:00", "22", "10pm", "7:5", "23:60", "''"})
  void aTimeThatIsNoTimeOfDayIsRefusedShowingIt(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AllowedHours.time(text));
    assertEquals(
        "'" + text + "' is not a time of day (HH:MM or HH:MM:SS, from 00:00 to 23:59:59)",
        e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"7:05, 07:05", "22:00, 22:00", "23:59:59, 23:59:59", "00:00, 00:00"})
  void timesReadWithOrWithoutSeconds(String text, LocalTime time) {
    assertEquals(time, AllowedHours.time(text));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource({"Europe/Berln", "CEST", "''", "+25:00"})
  void aZoneThatIsNoTimeZoneIsRefusedShowingIt(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AllowedHours.zone(text));
    assertEquals(
        "'"
            + text
            + "' is not a time zone (an IANA name such as Europe/Berlin, UTC, or an offset such as"
            + " +01:00)",
        e.getMessage());
  }
}
