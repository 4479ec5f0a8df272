package org.maintd.daemon.config;

import java.net.URI;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.maintd.config.ConfigSection;
import org.maintd.guard.AlertFilter;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AllowedHours;

/**
 * The keys of planned maintenance in {@code maintd.yaml}: {@code drainAhead}, {@code consent}
 * ({@code directory}, {@code timeout}), {@code allowedHours} ({@code days}, {@code start}, {@code
 * end}, {@code timeZone}; the defaults allow every hour) and {@code alertInterlock} ({@code url},
 * off when empty; {@code ignore}, {@code matchOnly}, {@code firingOnly}, {@code timeout}, {@code
 * onError}), each bad value told with its key.
 */
final class MaintenanceSection {
  private MaintenanceSection() {}

  static Maintenance read(ConfigSection m) {
    Maintenance d = Maintenance.defaults();
    Duration drainAhead = m.duration("drainAhead", d.drainAhead(), Duration.ZERO);
    ConfigSection c = m.section("consent");
    Maintenance.Consent consent =
        new Maintenance.Consent(
            c.path("directory", d.consent().directory().toString()),
            c.duration("timeout", d.consent().timeout(), Duration.ofSeconds(1)));
    return new Maintenance(
        drainAhead,
        consent,
        allowedHours(m.section("allowedHours")),
        interlock(m.section("alertInterlock")));
  }

  private static AllowedHours allowedHours(ConfigSection h) {
    AllowedHours any = AllowedHours.anyTime();
    List<String> items =
        h.holdsList("days") ? h.stringList("days") : List.of(h.string("days", "mo-su"));
    Set<DayOfWeek> days = checked(h, "days", () -> AllowedHours.days(items), any.days());
    LocalTime start =
        checked(h, "start", () -> AllowedHours.time(h.string("start", "00:00")), any.start());
    LocalTime end = checked(h, "end", () -> AllowedHours.time(h.string("end", "00:00")), any.end());
    ZoneId zone =
        checked(h, "timeZone", () -> AllowedHours.zone(h.string("timeZone", "UTC")), any.zone());
    return new AllowedHours(days, start, end, zone);
  }

  private static Optional<Maintenance.Interlock> interlock(ConfigSection a) {
    boolean on = !a.string("url", "").isEmpty();
    URI url = on ? Urls.read(a, "url", null, List.of("http", "https")) : null;
    String ignore = a.string("ignore", "");
    boolean matchOnly = a.bool("matchOnly", false);
    boolean firingOnly = a.bool("firingOnly", false);
    Duration timeout = a.duration("timeout", Duration.ofSeconds(5), Duration.ofMillis(100));
    String onError = a.oneOf("onError", "hold", List.of("hold", "proceed"));
    AlertFilter filter =
        checked(
            a,
            "ignore",
            () -> new AlertFilter(ignore, matchOnly, firingOnly),
            AlertFilter.everyAlert());
    if (!on || url == null) {
      return Optional.empty();
    }
    AlertInterlock.OnError error =
        onError.equals("proceed") ? AlertInterlock.OnError.PROCEED : AlertInterlock.OnError.HOLD;
    return Optional.of(
        new Maintenance.Interlock(
            URI.create(url.toString().replaceAll("/+$", "")),
            timeout,
            new AlertInterlock(filter, error)));
  }

  /**
   * What {@code read} gives; its refusal recorded as a problem of {@code key}, then the fallback.
   */
  private static <T> T checked(ConfigSection s, String key, Supplier<T> read, T fallback) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      s.problem(key, e.getMessage());
      return fallback;
    }
  }
}
