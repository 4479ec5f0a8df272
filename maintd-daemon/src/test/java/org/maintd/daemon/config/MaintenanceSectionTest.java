package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.config.ConfigException;
import org.maintd.guard.AlertFilter;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AlertState;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.protocol.json.Json;
import org.maintd.wait.PlannedWorkHold;

/** The {@code maintenance} keys of maintd.yaml: what they give, and every bad value by its key. */
class MaintenanceSectionTest {

  private static Maintenance read(String... lines) throws Exception {
    return new DaemonConfigLoader()
        .bind("maintd.yaml", Json.YAML.readValue(String.join("\n", lines), Object.class))
        .maintenance();
  }

  private static List<String> problems(String... lines) {
    ConfigException e = assertThrows(ConfigException.class, () -> read(lines));
    return e.problems();
  }

  @Test
  void withoutTheSectionNothingGuardsPlannedWork() throws Exception {
    Maintenance m = read("port: 1816");
    assertEquals(Maintenance.defaults(), m);
    assertEquals(Duration.ofHours(1), m.drainAhead());
    assertEquals(Path.of("/etc/maintd/consent-commands"), m.consent().directory());
    assertEquals(Duration.ofSeconds(30), m.consent().timeout());
    assertEquals(PlannedWorkGuard.none(), m.guard());
  }

  @Test
  void theSectionGivesTheHoursAndTheInterlock() throws Exception {
    Maintenance m =
        read(
            "maintenance:",
            "  drainAhead: 2h",
            "  consent: {directory: /srv/consent, timeout: 10s}",
            "  allowedHours:",
            "    days: mo-fr",
            "    start: '22:00'",
            "    end: '06:00'",
            "    timeZone: Europe/Berlin",
            "  alertInterlock:",
            "    url: http://prometheus:9090/",
            "    ignore: ^Watchdog$",
            "    firingOnly: true",
            "    timeout: 2s",
            "    onError: proceed");
    assertEquals(Duration.ofHours(2), m.drainAhead());
    assertEquals(
        new Maintenance.Consent(Path.of("/srv/consent"), Duration.ofSeconds(10)), m.consent());
    assertEquals("mo-fr 22:00-06:00 Europe/Berlin", m.allowedHours().toString());
    assertEquals(
        Optional.of(
            new Maintenance.Interlock(
                URI.create("http://prometheus:9090"),
                Duration.ofSeconds(2),
                new AlertInterlock(
                    new AlertFilter("^Watchdog$", false, true), AlertInterlock.OnError.PROCEED))),
        m.alertInterlock());
    assertEquals(
        Optional.of(
            new PlannedWorkHold.OutsideAllowedHours(
                "mo-fr 22:00-06:00 Europe/Berlin",
                java.time.ZonedDateTime.parse("2026-11-27T22:00+01:00[Europe/Berlin]"))),
        m.guard().holds(Instant.parse("2026-11-27T12:00:00Z"), AlertState.quiet()));
    assertEquals(
        Optional.empty(),
        m.guard().holds(Instant.parse("2026-11-27T21:00:00Z"), new AlertState.Unknown("down")));
  }

  @Test
  void daysReadAsAListOrOneString() throws Exception {
    assertEquals(
        "mo,we,fr-su 00:00-00:00 UTC",
        read("maintenance: {allowedHours: {days: [mo, 3, fr-su]}}").allowedHours().toString());
    assertEquals(
        "mo,we,fr-su 00:00-00:00 UTC",
        read("maintenance: {allowedHours: {days: 'mo,3,fr-su'}}").allowedHours().toString());
  }

  @Test
  void everyBadValueIsRefusedNamingItsKeyAndTheValue() {
    List<String> p =
        problems(
            "maintenance:",
            "  drainAhead: soon",
            "  consent: {timeout: 0s}",
            "  allowedHours:",
            "    days: [mo, funday]",
            "    start: '25:00'",
            "    end: 6pm",
            "    timeZone: Mars/Olympus",
            "  alertInterlock:",
            "    url: ftp://prometheus",
            "    ignore: '(Watchdog'",
            "    firingOnly: maybe",
            "    timeout: 1ms",
            "    onError: ignore",
            "    urls: x");
    assertEquals(
        List.of(
            "maintenance.drainAhead: 'soon' is not a duration (a number followed by ms, s, m, h"
                + " or d, e.g. 30s)",
            "maintenance.consent.timeout: must be at least 1s, not 0s",
            "maintenance.allowedHours.days: 'funday' is not a day (mo, tu, we, th, fr, sa, su,"
                + " their longer names, or 0-6 with 0 for Sunday; ranges such as mo-fr)",
            "maintenance.allowedHours.start: '25:00' is not a time of day (HH:MM or HH:MM:SS,"
                + " from 00:00 to 23:59:59)",
            "maintenance.allowedHours.end: '6pm' is not a time of day (HH:MM or HH:MM:SS, from"
                + " 00:00 to 23:59:59)",
            "maintenance.allowedHours.timeZone: 'Mars/Olympus' is not a time zone (an IANA name"
                + " such as Europe/Berlin, UTC, or an offset such as +01:00)",
            "maintenance.alertInterlock.url: must be a http:// or https:// URL with a host, not"
                + " 'ftp://prometheus'",
            "maintenance.alertInterlock.firingOnly: must be true or false, not 'maybe'",
            "maintenance.alertInterlock.timeout: must be at least 100ms, not 1ms",
            "maintenance.alertInterlock.onError: must be one of [hold, proceed], not 'ignore'",
            "maintenance.alertInterlock.ignore: '(Watchdog' is not a regular expression:"
                + " Unclosed group",
            "maintenance.alertInterlock.urls: unknown key"),
        p);
  }

  @Test
  void matchOnlyNeedsTheNamesThatCount() {
    assertEquals(
        List.of(
            "maintenance.alertInterlock.ignore: matchOnly needs a regular expression of the"
                + " alerts that count"),
        problems("maintenance: {alertInterlock: {url: 'http://p:9090', matchOnly: true}}"));
  }

  @Test
  void noDayAtAllIsRefused() {
    assertEquals(
        List.of("maintenance.allowedHours.days: must name at least one day, e.g. [mo-fr]"),
        problems("maintenance: {allowedHours: {days: []}}"));
  }
}
