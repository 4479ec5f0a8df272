package org.maintd.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.MachineId;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.ScheduleBody;
import org.maintd.protocol.api.SchedulePostedView;
import org.maintd.protocol.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code maintctl schedule show|set FILE|add MACHINE...|clear}: the maintenance schedule, in Mesos'
 * shape.
 */
@Command(
    name = "schedule",
    description = "Show, replace or clear the maintenance schedule (Mesos' JSON shape).",
    subcommands = {
      ScheduleCommand.Show.class,
      ScheduleCommand.Set.class,
      ScheduleCommand.Add.class,
      ScheduleCommand.Clear.class
    })
public final class ScheduleCommand extends CommandGroup {

  /** {@code schedule show}: every window, and each machine's mode. */
  @Command(name = "show", description = "Show the windows and each machine's mode.")
  public static final class Show extends CommandGroup.Member {
    @Override
    public void run() {
      ScheduleBody schedule = client().get("/1/maintenance/schedule", ScheduleBody.class);
      if (root().json()) {
        printJson(schedule);
        return;
      }
      MaintenanceStatusView status =
          client().get("/1/maintenance/status", MaintenanceStatusView.class);
      System.out.print(text(schedule, status));
    }
  }

  static String text(ScheduleBody schedule, MaintenanceStatusView status) {
    if (schedule.windows() == null || schedule.windows().isEmpty()) {
      return "no maintenance scheduled" + System.lineSeparator();
    }
    Table t = new Table("WINDOW", "START", "DURATION", "AUTO", "MACHINE", "MODE");
    int i = 0;
    for (ScheduleBody.WindowBody w : schedule.windows()) {
      i++;
      for (MachineId m : w.machine_ids()) {
        t.row(
            i,
            instant(w.unavailability().start()),
            w.unavailability().duration() == null
                ? "indefinite"
                : length(w.unavailability().duration()),
            Boolean.TRUE.equals(w.auto()) ? "yes" : "no",
            m.hostname(),
            mode(status, m.hostname()));
      }
    }
    return t.render();
  }

  /** A start as the other tables show times, to the second ({@code --json}: exact). */
  private static String instant(ScheduleBody.Nanos n) {
    return Times.format(n.nanoseconds() / 1e9);
  }

  /** A duration as written in a window: {@code 10m}, {@code 1h30m}, {@code 30s}. */
  private static String length(ScheduleBody.Nanos n) {
    return java.time.Duration.ofNanos(n.nanoseconds())
        .toString()
        .substring(2)
        .toLowerCase(Locale.ROOT);
  }

  private static String mode(MaintenanceStatusView s, String hostname) {
    if (s.unknown_machines().stream().anyMatch(m -> m.hostname().equals(hostname))) {
      return "unknown (no such node)";
    }
    if (s.down_machines().stream().anyMatch(m -> m.hostname().equals(hostname))) {
      return "DOWN";
    }
    return s.draining_machines().stream().anyMatch(d -> d.id().hostname().equals(hostname))
        ? "DRAIN"
        : "UP";
  }

  /** {@code schedule set FILE}: replaces the whole schedule. */
  @Command(
      name = "set",
      description = "Replace the whole schedule with the one in FILE (Mesos' JSON; - reads stdin).")
  public static final class Set extends CommandGroup.Member {
    @Parameters(paramLabel = "FILE", description = "The schedule, as JSON.")
    String file;

    @Override
    public void run() {
      Object body;
      try {
        String text =
            file.equals("-")
                ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                : Files.readString(Path.of(file), StandardCharsets.UTF_8);
        body = Json.parse(text);
      } catch (JsonProcessingException e) {
        throw new ApiException(file + " is not JSON: " + e.getOriginalMessage());
      } catch (IOException e) {
        throw new ApiException("cannot read " + file + ": " + e.getMessage());
      }
      print(client().post("/1/maintenance/schedule", body, SchedulePostedView.class), Set::text);
    }

    static String text(SchedulePostedView v) {
      StringBuilder b = new StringBuilder();
      int machines = v.windows().stream().mapToInt(w -> w.machine_ids().size()).sum();
      b.append("schedule set: ")
          .append(v.windows().size())
          .append(" window(s), ")
          .append(machines)
          .append(" machine(s)")
          .append(System.lineSeparator());
      v.warnings().forEach(w -> b.append("warning: ").append(w).append(System.lineSeparator()));
      v.released()
          .forEach(
              r ->
                  b.append(r)
                      .append(": dropped while draining: undrained")
                      .append(System.lineSeparator()));
      return b.toString();
    }
  }

  /**
   * {@code schedule add MACHINE... --start WHEN [--duration D] [--auto] [--respect-declines]}: the
   * schedule as it is, with one more window.
   */
  @Command(
      name = "add",
      description =
          "Add a window for MACHINEs to the schedule (the schedule is read, the window added, the"
              + " whole posted).")
  public static final class Add extends CommandGroup.Member {
    @Parameters(paramLabel = "MACHINE", arity = "1..*", description = "Node names.")
    List<String> machines = new ArrayList<>();

    @Option(
        names = "--start",
        required = true,
        converter = WindowTimes.Start.class,
        paramLabel = "WHEN",
        description =
            "When the window starts: +90s, +2h (from now), or a time such as 2027-03-01T02:00:00Z.")
    long start;

    @Option(
        names = "--duration",
        converter = WindowTimes.Length.class,
        paramLabel = "LENGTH",
        description = "How long it lasts (1h, 90m), longer than 0s; none: no end.")
    Long duration;

    @Option(names = "--auto", description = "maintd takes the machines DOWN and UP by itself.")
    boolean auto;

    @Option(
        names = "--respect-declines",
        description = "Instances that decline stay even after the window starts.")
    boolean respectDeclines;

    @Spec CommandSpec spec;

    @Override
    public void run() {
      if (duration != null && !WindowTimes.endsInTime(start, duration)) {
        throw new ParameterException(
            spec.commandLine(),
            "--duration: the window would end after "
                + WindowTimes.LAST
                + ", the latest time a schedule holds");
      }
      ScheduleBody now = client().get("/1/maintenance/schedule", ScheduleBody.class);
      List<ScheduleBody.WindowBody> windows =
          new ArrayList<>(now.windows() == null ? List.of() : now.windows());
      windows.add(
          new ScheduleBody.WindowBody(
              machines.stream().map(m -> new MachineId(m, null)).toList(),
              new ScheduleBody.Unavailability(
                  new ScheduleBody.Nanos(start),
                  duration == null ? null : new ScheduleBody.Nanos(duration)),
              auto ? Boolean.TRUE : null,
              respectDeclines ? Boolean.TRUE : null));
      print(
          client()
              .post("/1/maintenance/schedule", new ScheduleBody(windows), SchedulePostedView.class),
          Set::text);
    }
  }

  /** {@code schedule clear}: posts the empty schedule. */
  @Command(name = "clear", description = "Clear the schedule (machines that are DOWN stay).")
  public static final class Clear extends CommandGroup.Member {
    @Override
    public void run() {
      print(client().delete("/1/maintenance/schedule", SchedulePostedView.class), Set::text);
    }
  }
}
