package org.maintd.daemon.ui;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.Window;

/**
 * The maintenance schedule drawn over time: one row per scheduled machine (its mode now and the
 * declines of its instances) with its window as a bar, positions in percent of the span shown,
 * which runs from an hour before {@code now} to the last end (an open window runs to the right
 * edge), at least six hours and at most a week. At most {@link #ROWS} rows; {@code more} counts the
 * machines left out. Immutable.
 */
public record Timeline(
    Instant from, Instant to, double nowAt, List<Tick> ticks, List<Row> rows, int more) {
  /** The most machines drawn. */
  public static final int ROWS = 100;

  private static final Duration BEFORE = Duration.ofHours(1);
  private static final Duration SHORTEST = Duration.ofHours(6);
  private static final Duration LONGEST = Duration.ofDays(7);

  public Timeline {
    ticks = List.copyOf(ticks);
    rows = List.copyOf(rows);
  }

  /** A time marked on the axis, at {@code at} percent. */
  public record Tick(double at, String label) {}

  /**
   * A machine: its name, its mode (UP, DRAIN, DOWN), what its instances declined, and its window
   * from {@code left} percent, {@code width} percent wide, with the window's times as text.
   */
  public record Row(
      String machine,
      String mode,
      List<String> declines,
      double left,
      double width,
      String window,
      boolean auto) {}

  /** The schedule of {@code m} at {@code now}. */
  public static Timeline of(Maintenance m, Instant now) {
    Instant from = now.minus(BEFORE);
    Instant last = now.plus(SHORTEST);
    for (Window w : m.schedule().windows()) {
      Instant end = w.end().orElse(w.start().plus(Duration.ofHours(1)));
      last = end.isAfter(last) ? end : last;
    }
    Instant to = last.isAfter(now.plus(LONGEST)) ? now.plus(LONGEST) : last;
    List<Row> rows = new ArrayList<>();
    int machines = 0;
    for (Window w : m.schedule().windows()) {
      for (MachineId id : w.machines()) {
        machines++;
        if (rows.size() < ROWS) {
          rows.add(row(m, w, id.hostname(), from, to));
        }
      }
    }
    return new Timeline(from, to, at(now, from, to), ticks(from, to), rows, machines - rows.size());
  }

  private static Row row(Maintenance m, Window w, String host, Instant from, Instant to) {
    double left = at(w.start(), from, to);
    double right = w.end().map(e -> at(e, from, to)).orElse(100.0);
    String window =
        Fmt.time(w.start()) + " to " + w.end().map(Fmt::time).orElse("no end (indefinite)");
    List<String> declines =
        m.consents().stream()
            .filter(c -> c.declined() && c.node().equalsIgnoreCase(host))
            .map(Timeline::decline)
            .toList();
    return new Row(
        host, m.modeOf(host).name(), declines, left, Math.max(0.5, right - left), window, w.auto());
  }

  private static String decline(Consent c) {
    return c.instance() + (c.reason().isEmpty() ? "" : " (" + c.reason() + ")");
  }

  /** Where {@code t} falls between {@code from} and {@code to}, in percent, within 0 to 100. */
  static double at(Instant t, Instant from, Instant to) {
    return percent(Duration.between(from, t).toMillis(), Duration.between(from, to).toMillis());
  }

  /**
   * {@code part} of {@code span} in percent, within 0 to 100, to two decimals; 0 for a span of no
   * length.
   */
  static double percent(double part, double span) {
    double p = span <= 0 ? 0 : part * 100.0 / span;
    return Math.round(Math.max(0, Math.min(100, p)) * 100) / 100.0;
  }

  /** Six marks along the axis. */
  private static List<Tick> ticks(Instant from, Instant to) {
    List<Tick> ticks = new ArrayList<>();
    long span = Duration.between(from, to).toMillis();
    for (int i = 0; i <= 5; i++) {
      Instant t = from.plusMillis(span * i / 5);
      ticks.add(new Tick(i * 20.0, Fmt.hour(t)));
    }
    return ticks;
  }

  /** The style of a mode's row. */
  public static String modeClass(String mode) {
    return "mode-" + mode.toLowerCase(Locale.ROOT);
  }
}
