package org.maintd.guard;

import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Days of the week as {@code maintd.yaml} writes them: kured's names ({@code su}, {@code sun},
 * {@code sunday}, ..., any case) and numbers ({@code 0} for Sunday to {@code 6} for Saturday), and
 * beyond kured, ranges such as {@code mo-fr} (from the first day forward to the last, across the
 * weekend when need be: {@code fr-mo} is Friday to Monday). Stateless.
 */
final class Weekdays {
  private static final String FORMS =
      "mo, tu, we, th, fr, sa, su, their longer names, or 0-6 with 0 for Sunday;"
          + " ranges such as mo-fr";
  private static final Map<String, DayOfWeek> NAMES = names();

  private Weekdays() {}

  /**
   * The days {@code items} name, each item one day, a range, or several separated by commas; an
   * {@link IllegalArgumentException} naming the first that is not one.
   */
  static Set<DayOfWeek> parse(List<String> items) {
    Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
    for (String item : items) {
      for (String token : item.split(",", -1)) {
        if (!token.isBlank()) {
          days.addAll(range(token.strip()));
        }
      }
    }
    if (days.isEmpty()) {
      throw new IllegalArgumentException("must name at least one day, e.g. [mo-fr]");
    }
    return days;
  }

  private static Set<DayOfWeek> range(String token) {
    int dash = token.indexOf('-', 1);
    if (dash < 0) {
      return EnumSet.of(day(token, token));
    }
    DayOfWeek from = day(token.substring(0, dash).strip(), token);
    DayOfWeek to = day(token.substring(dash + 1).strip(), token);
    Set<DayOfWeek> days = EnumSet.of(from);
    for (DayOfWeek d = from; d != to; ) {
      d = d.plus(1);
      days.add(d);
    }
    return days;
  }

  private static DayOfWeek day(String text, String token) {
    if (text.matches("[0-9]+")) {
      if (text.length() == 1 && text.charAt(0) <= '6') {
        return DayOfWeek.SUNDAY.plus(text.charAt(0) - '0');
      }
      throw new IllegalArgumentException(
          "'" + token + "' is not a day: numbers go from 0 (Sunday) to 6 (Saturday)");
    }
    DayOfWeek day = NAMES.get(text.toLowerCase(Locale.ROOT));
    if (day == null) {
      throw new IllegalArgumentException("'" + token + "' is not a day (" + FORMS + ")");
    }
    return day;
  }

  /** {@code days} in the week's order from Monday, two or more days in a row as a range. */
  static String render(Set<DayOfWeek> days) {
    List<String> parts = new ArrayList<>();
    DayOfWeek[] week = DayOfWeek.values();
    for (int i = 0; i < week.length; i++) {
      if (!days.contains(week[i])) {
        continue;
      }
      int last = i;
      while (last + 1 < week.length && days.contains(week[last + 1])) {
        last++;
      }
      parts.add(last == i ? shortName(week[i]) : shortName(week[i]) + "-" + shortName(week[last]));
      i = last;
    }
    return String.join(",", parts);
  }

  private static String shortName(DayOfWeek d) {
    return d.name().substring(0, 2).toLowerCase(Locale.ROOT);
  }

  private static Map<String, DayOfWeek> names() {
    Map<String, DayOfWeek> names = new java.util.HashMap<>();
    for (DayOfWeek d : DayOfWeek.values()) {
      String full = d.name().toLowerCase(Locale.ROOT);
      names.put(full, d);
      names.put(full.substring(0, 2), d);
      names.put(full.substring(0, 3), d);
    }
    return Map.copyOf(names);
  }
}
