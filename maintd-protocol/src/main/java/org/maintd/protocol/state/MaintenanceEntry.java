package org.maintd.protocol.state;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.protocol.api.Times;

/**
 * The maintenance schedule in the state file (from schema 4): its windows (start and duration in
 * nanoseconds, kept exactly; {@code duration} null for an indefinite window; {@code ip} null when
 * none was given), the modes of the machines maintd moved out of UP, the instances' answers, and
 * (from schema 7) the schedule's {@code version} (0 in an older file).
 */
public record MaintenanceEntry(
    List<WindowEntry> schedule, List<ModeEntry> modes, List<ConsentEntry> consents, long version) {
  public MaintenanceEntry {
    schedule = schedule == null ? List.of() : schedule;
    modes = modes == null ? List.of() : modes;
    consents = consents == null ? List.of() : consents;
  }

  /** A window: its machines, start, duration, switches. */
  public record WindowEntry(
      List<MachineEntry> machines,
      Long start,
      Long duration,
      boolean auto,
      boolean respect_declines) {}

  /** A machine as the schedule names it. */
  public record MachineEntry(String hostname, String ip) {}

  /** A machine's mode, since when, why. */
  public record ModeEntry(String hostname, String mode, double since, String reason) {}

  /** An instance's answer to the drain of its node. */
  public record ConsentEntry(
      String instance,
      String node,
      String answer,
      String reason,
      double at,
      Double retry_after,
      String source) {}

  public static MaintenanceEntry of(Maintenance m) {
    return new MaintenanceEntry(
        m.schedule().windows().stream().map(MaintenanceEntry::window).toList(),
        m.modes().stream()
            .map(
                x ->
                    new ModeEntry(
                        x.hostname(), x.mode().name(), Times.seconds(x.since()), x.reason()))
            .toList(),
        m.consents().stream()
            .map(
                c ->
                    new ConsentEntry(
                        c.instance(),
                        c.node(),
                        c.answer().name(),
                        c.reason(),
                        Times.seconds(c.at()),
                        c.retryAfter().map(Times::seconds).orElse(null),
                        c.source()))
            .toList(),
        m.version());
  }

  private static WindowEntry window(Window w) {
    return new WindowEntry(
        w.machines().stream()
            .map(m -> new MachineEntry(m.hostname(), m.ip().orElse(null)))
            .toList(),
        w.startNanos(),
        w.durationNanos().isPresent() ? w.durationNanos().getAsLong() : null,
        w.auto(),
        w.respectDeclines());
  }

  /** The maintenance back; a {@link BadField} naming a field it cannot read. */
  public Maintenance maintenance() {
    return new Maintenance(
        new Schedule(each("schedule", schedule, MaintenanceEntry::window)),
        each("modes", modes, MaintenanceEntry::mode),
        each("consents", consents, MaintenanceEntry::consent),
        version);
  }

  private static Window window(WindowEntry w) {
    return new Window(
        each(
            "machines",
            BadField.required("machines", w.machines()),
            m ->
                new MachineId(
                    BadField.required("hostname", m.hostname()), Optional.ofNullable(m.ip()))),
        BadField.required("start", w.start()),
        w.duration() == null ? OptionalLong.empty() : OptionalLong.of(w.duration()),
        w.auto(),
        w.respect_declines());
  }

  private static MaintenanceMode mode(ModeEntry m) {
    MachineMode mode = constant("mode", MachineMode.values(), m.mode());
    if (mode == MachineMode.UP) {
      throw BadField.unknown("mode", m.mode(), List.of("DRAIN", "DOWN"));
    }
    return new MaintenanceMode(
        BadField.required("hostname", m.hostname()), mode, Times.instant(m.since()), m.reason());
  }

  private static Consent consent(ConsentEntry c) {
    return new Consent(
        BadField.required("instance", c.instance()),
        BadField.required("node", c.node()),
        constant("answer", Consent.Answer.values(), c.answer()),
        c.reason() == null ? "" : c.reason(),
        Times.instant(c.at()),
        c.retry_after() == null ? Optional.empty() : Optional.of(Times.instant(c.retry_after())),
        c.source() == null ? "" : c.source());
  }

  /** The constant of {@code values} named {@code text}; a {@link BadField} naming both if none. */
  private static <E extends Enum<E>> E constant(String field, E[] values, String text) {
    BadField.required(field, text);
    return Arrays.stream(values)
        .filter(v -> v.name().equals(text))
        .findFirst()
        .orElseThrow(
            () -> BadField.unknown(field, text, Arrays.stream(values).map(Enum::name).toList()));
  }

  private static <T, R> List<R> each(
      String name, List<T> entries, java.util.function.Function<T, R> read) {
    return IntStream.range(0, entries.size())
        .mapToObj(i -> BadField.within(name + "[" + i + "]", () -> read.apply(entries.get(i))))
        .toList();
  }
}
