package org.maintd.campaign;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * A daily time window in UTC, {@code HH:MM-HH:MM}; one that ends before it starts runs past
 * midnight. A campaign starts a new group only inside one of its windows.
 */
public record DailyWindow(LocalTime start, LocalTime end) {

  public static DailyWindow parse(String text) {
    String[] parts = text.split("-", -1);
    if (parts.length != 2) {
      throw bad(text);
    }
    try {
      DailyWindow w =
          new DailyWindow(LocalTime.parse(parts[0].strip()), LocalTime.parse(parts[1].strip()));
      if (w.start.equals(w.end)) {
        throw new CampaignException(
            CampaignException.Kind.BAD_REQUEST,
            "window '" + text + "' is empty: it starts when it ends");
      }
      return w;
    } catch (DateTimeParseException e) {
      throw bad(text);
    }
  }

  private static CampaignException bad(String text) {
    return new CampaignException(
        CampaignException.Kind.BAD_REQUEST,
        "window '" + text + "' is not HH:MM-HH:MM (UTC), e.g. 22:00-04:00");
  }

  public boolean contains(Instant at) {
    LocalTime t = LocalTime.ofInstant(at, ZoneOffset.UTC);
    return start.isBefore(end)
        ? !t.isBefore(start) && t.isBefore(end)
        : !t.isBefore(start) || t.isBefore(end);
  }

  @Override
  public String toString() {
    return start + "-" + end;
  }
}
