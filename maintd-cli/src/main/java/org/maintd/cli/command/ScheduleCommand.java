package org.maintd.cli.command;

import org.maintd.cli.output.Table;
import org.maintd.cli.wait.Durations;
import org.maintd.protocol.api.MachineId;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.ScheduleBody;
import picocli.CommandLine.Command;

/**
 * {@code maintctl schedule show|set FILE|add MACHINE...|remove MACHINE...|clear}: the maintenance
 * schedule, in Mesos' shape; the changes are {@link ScheduleChanges}.
 */
@Command(
    name = "schedule",
    description =
        "Show, replace, add to, remove from or clear the maintenance schedule (Mesos' JSON shape);"
            + " each change is made from the schedule as read, and made again if another client"
            + " changed it meanwhile.",
    subcommands = {
      ScheduleCommand.Show.class,
      ScheduleChanges.Set.class,
      ScheduleChanges.Add.class,
      ScheduleChanges.Remove.class,
      ScheduleChanges.Clear.class
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
    return Durations.text(java.time.Duration.ofNanos(n.nanoseconds()));
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
}
