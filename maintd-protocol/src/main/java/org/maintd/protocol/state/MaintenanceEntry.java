package org.maintd.protocol.state;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.MachineNotice;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.protocol.api.Times;

/**
 * The maintenance schedule in the state file (from schema 4): its windows (start and duration in
 * nanoseconds, kept exactly; {@code duration} null for an indefinite window; {@code ip} null when
 * none was given), the modes of the machines maintd moved out of UP, the instances' answers, and
 * (from schema 7) the schedule's {@code version} (0 in an older file), whether a DRAIN machine is
 * {@code going_down} by force, and the machines' {@code notices} ({@code job-failed} with its job,
 * {@code changed-by-hand}).
 */
public record MaintenanceEntry(
    List<WindowEntry> schedule,
    List<ModeEntry> modes,
    List<ConsentEntry> consents,
    long version,
    List<NoticeEntry> notices) {
  public MaintenanceEntry {
    schedule = schedule == null ? List.of() : schedule;
    modes = modes == null ? List.of() : modes;
    consents = consents == null ? List.of() : consents;
    notices = notices == null ? List.of() : notices;
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

  /** A machine's mode, since when, why, whether it is going DOWN by force. */
  public record ModeEntry(
      String hostname, String mode, double since, String reason, boolean going_down) {}

  /** A machine's notice: its node, its kind, the job that failed (null for the other kind). */
  public record NoticeEntry(String node, String kind, String job, String message, double at) {}

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
                        x.hostname(),
                        x.mode().name(),
                        Times.seconds(x.since()),
                        x.reason(),
                        x.goingDown()))
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
        m.version(),
        m.notices().stream().map(MaintenanceEntry::notice).toList());
  }

  private static NoticeEntry notice(MachineNotice n) {
    if (n instanceof MachineNotice.JobFailed f) {
      return new NoticeEntry(f.node(), "job-failed", f.job(), f.message(), Times.seconds(f.at()));
    }
    if (n instanceof MachineNotice.ChangedByHand c) {
      return new NoticeEntry(c.node(), "changed-by-hand", null, c.message(), Times.seconds(c.at()));
    }
    throw new IllegalStateException("no entry for the notice " + n);
  }

  private static MachineNotice notice(NoticeEntry n) {
    String node = BadField.required("node", n.node());
    String message = n.message() == null ? "" : n.message();
    String kind = BadField.required("kind", n.kind());
    return switch (kind) {
      case "job-failed" ->
          new MachineNotice.JobFailed(
              node, BadField.required("job", n.job()), message, Times.instant(n.at()));
      case "changed-by-hand" ->
          new MachineNotice.ChangedByHand(node, message, Times.instant(n.at()));
      default -> throw BadField.unknown("kind", kind, List.of("job-failed", "changed-by-hand"));
    };
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
        version,
        each("notices", notices, MaintenanceEntry::notice));
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
    if (m.going_down() && mode != MachineMode.DRAIN) {
      throw BadField.unknown("mode", m.mode(), List.of("DRAIN (going_down)"));
    }
    return new MaintenanceMode(
        BadField.required("hostname", m.hostname()),
        mode,
        Times.instant(m.since()),
        m.reason(),
        m.going_down());
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
