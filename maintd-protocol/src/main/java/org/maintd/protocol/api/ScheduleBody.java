package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.protocol.text.ClientText;

/**
 * A maintenance schedule in Mesos' shape ({@code POST /1/maintenance/schedule}, {@code GET}):
 * {@code {"windows": [{"machine_ids": [{"hostname": ..., "ip": ...}], "unavailability": {"start":
 * {"nanoseconds": ...}, "duration": {"nanoseconds": ...}}}]}}, so that what Mesos' tooling posts is
 * taken unchanged (nanoseconds as numbers or, as Mesos takes them, strings of digits); maintd adds
 * {@code auto} and {@code respect_declines} per window. Written as read: a field not given is left
 * out ({@code ip}, {@code duration}, and the switches when false).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScheduleBody(List<WindowBody> windows) {
  /** The most machines a schedule names, all windows together (so also the most windows). */
  public static final int MAX_MACHINES = 10_000;

  /** One window. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record WindowBody(
      List<org.maintd.protocol.api.MachineId> machine_ids,
      Unavailability unavailability,
      Boolean auto,
      Boolean respect_declines) {}

  /** When: a start and, optionally, how long. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Unavailability(Nanos start, Nanos duration) {}

  /** A time or a duration in nanoseconds, as Mesos writes them. */
  public record Nanos(Long nanoseconds) {}

  public static ScheduleBody of(Schedule s) {
    return new ScheduleBody(s.windows().stream().map(ScheduleBody::window).toList());
  }

  private static WindowBody window(Window w) {
    return new WindowBody(
        w.machines().stream()
            .map(m -> new org.maintd.protocol.api.MachineId(m.hostname(), m.ip().orElse(null)))
            .toList(),
        new Unavailability(
            new Nanos(w.startNanos()),
            w.durationNanos().isPresent() ? new Nanos(w.durationNanos().getAsLong()) : null),
        w.auto() ? Boolean.TRUE : null,
        w.respectDeclines() ? Boolean.TRUE : null);
  }

  /**
   * The schedule; an {@link IllegalArgumentException} naming the first field a Mesos master would
   * also find missing ({@code Missing required fields: windows[0].unavailability}), a hostname or
   * IP that is no hostname or IP ({@link ClientText#HOSTNAME}, {@link ClientText#IP}), or more than
   * {@link #MAX_MACHINES} machines. No windows, or none given, is the empty schedule: posting it
   * clears the schedule.
   */
  public Schedule schedule() {
    List<Window> out = new ArrayList<>();
    List<WindowBody> given = windows == null ? List.of() : windows;
    ClientText.count(
        "machines in the schedule",
        given.stream()
            .mapToInt(w -> w == null || w.machine_ids() == null ? 0 : w.machine_ids().size())
            .sum(),
        MAX_MACHINES);
    for (int i = 0; i < given.size(); i++) {
      out.add(window(given.get(i), "windows[" + i + "]"));
    }
    return new Schedule(out);
  }

  private static Window window(WindowBody w, String where) {
    if (w == null) {
      throw missing(where);
    }
    if (w.unavailability() == null) {
      throw missing(where + ".unavailability");
    }
    Nanos start = w.unavailability().start();
    if (start == null || start.nanoseconds() == null) {
      throw missing(where + ".unavailability.start" + (start == null ? "" : ".nanoseconds"));
    }
    Nanos duration = w.unavailability().duration();
    if (duration != null && duration.nanoseconds() == null) {
      throw missing(where + ".unavailability.duration.nanoseconds");
    }
    List<MachineId> machines = new ArrayList<>();
    List<org.maintd.protocol.api.MachineId> ids =
        w.machine_ids() == null ? List.of() : w.machine_ids();
    for (int j = 0; j < ids.size(); j++) {
      org.maintd.protocol.api.MachineId id = ids.get(j);
      if (id == null) {
        throw missing(where + ".machine_ids[" + j + "]");
      }
      String at = where + ".machine_ids[" + j + "]";
      machines.add(
          new MachineId(
              id.hostname() == null
                  ? ""
                  : ClientText.HOSTNAME.check(at + ".hostname", id.hostname()),
              Optional.ofNullable(ClientText.IP.check(at + ".ip", id.ip()))));
    }
    return new Window(
        machines,
        start.nanoseconds(),
        duration == null ? OptionalLong.empty() : OptionalLong.of(duration.nanoseconds()),
        Boolean.TRUE.equals(w.auto()),
        Boolean.TRUE.equals(w.respect_declines()));
  }

  private static IllegalArgumentException missing(String field) {
    return new IllegalArgumentException("Missing required fields: " + field);
  }
}
