package org.maintd.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.client.ApiException;
import org.maintd.maintenance.MachineId;
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
 * The changes of the maintenance schedule ({@code schedule set|add|remove|clear}), each made from
 * the schedule as last read: read with its version ({@code ETag}), changed, sent with {@code
 * If-Match}; when another client changed it meanwhile (412), read again and made again, up to
 * {@value Change#ATTEMPTS} times, so that two overlapping changes both hold.
 */
final class ScheduleChanges {
  private static final String PATH = "/1/maintenance/schedule";

  private ScheduleChanges() {}

  /** A change made from the schedule as it is: {@link #change} says what to send instead. */
  abstract static class Change extends CommandGroup.Member {
    static final int ATTEMPTS = 5;

    /** The schedule to send, made from {@code current}. */
    abstract Object change(ScheduleBody current);

    /** Sends {@code next} if the schedule is still at {@code etag}. */
    SchedulePostedView send(Object next, Optional<String> etag) {
      return client().post(PATH, next, etag, SchedulePostedView.class);
    }

    @Override
    public void run() {
      ApiClient.Stale last = null;
      for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
        ApiClient.Tagged<ScheduleBody> read = client().getTagged(PATH, ScheduleBody.class);
        Object next = change(read.body());
        try {
          print(send(next, read.etag()), ScheduleChanges::text);
          return;
        } catch (ApiClient.Stale e) {
          last = e;
          System.err.println(
              "the schedule changed since it was read (another client changed it): reading it"
                  + " again");
        }
      }
      throw new ApiException(
          "the schedule changed under each of "
              + ATTEMPTS
              + " attempts, other clients are changing it: try again ("
              + last.getMessage()
              + ")");
    }
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
    v.delayed()
        .forEach(
            d ->
                b.append(d)
                    .append(": its window moved later: back online, drained (DRAIN) until then")
                    .append(System.lineSeparator()));
    return b.toString();
  }

  private static List<ScheduleBody.WindowBody> windows(ScheduleBody s) {
    return new ArrayList<>(s.windows() == null ? List.of() : s.windows());
  }

  /** {@code schedule set FILE}: replaces the whole schedule. */
  @Command(
      name = "set",
      description = "Replace the whole schedule with the one in FILE (Mesos' JSON; - reads stdin).")
  public static final class Set extends Change {
    @Parameters(paramLabel = "FILE", description = "The schedule, as JSON.")
    String file;

    private Object body;

    @Override
    Object change(ScheduleBody current) {
      if (body == null) {
        body = read(file);
      }
      return body;
    }
  }

  /**
   * The schedule in {@code file} ({@code -}: stdin) as JSON, sent as it is for the daemon to check;
   * {@link ApiException} when it cannot be read or is not JSON.
   */
  static Object read(String file) {
    try {
      String text =
          file.equals("-")
              ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(Path.of(file), StandardCharsets.UTF_8);
      return Json.parse(text);
    } catch (JsonProcessingException e) {
      throw new ApiException(file + " is not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new ApiException("cannot read " + file + ": " + e.getMessage());
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
              + " whole posted under the version read; read again and retried when another client"
              + " changed it meanwhile).")
  public static final class Add extends Change {
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
      super.run();
    }

    @Override
    Object change(ScheduleBody current) {
      List<ScheduleBody.WindowBody> windows = windows(current);
      windows.add(
          new ScheduleBody.WindowBody(
              machines.stream().map(m -> new org.maintd.protocol.api.MachineId(m, null)).toList(),
              new ScheduleBody.Unavailability(
                  new ScheduleBody.Nanos(start),
                  duration == null ? null : new ScheduleBody.Nanos(duration)),
              auto ? Boolean.TRUE : null,
              respectDeclines ? Boolean.TRUE : null));
      return new ScheduleBody(windows);
    }
  }

  /** {@code schedule remove MACHINE...}: the schedule as it is, without these machines. */
  @Command(
      name = "remove",
      description = {
        "Remove MACHINEs from the schedule (their windows stay for the others; a window left empty"
            + " goes), read and posted as add does.",
        "A machine DRAIN is undrained where maintd drained it; one DOWN is refused (maintctl up"
            + " first)."
      })
  public static final class Remove extends Change {
    @Parameters(
        paramLabel = "MACHINE",
        arity = "1..*",
        description = "Machines as the schedule names them (case does not matter).")
    List<String> machines = new ArrayList<>();

    @Override
    Object change(ScheduleBody current) {
      List<ScheduleBody.WindowBody> windows = new ArrayList<>();
      List<String> missing = new ArrayList<>(machines);
      for (ScheduleBody.WindowBody w : windows(current)) {
        List<org.maintd.protocol.api.MachineId> kept = new ArrayList<>();
        for (org.maintd.protocol.api.MachineId id : w.machine_ids()) {
          List<String> named =
              machines.stream().filter(m -> MachineId.of(id.hostname()).names(m)).toList();
          missing.removeAll(named);
          if (named.isEmpty()) {
            kept.add(id);
          }
        }
        if (!kept.isEmpty()) {
          windows.add(
              new ScheduleBody.WindowBody(
                  kept, w.unavailability(), w.auto(), w.respect_declines()));
        }
      }
      if (!missing.isEmpty()) {
        throw new ApiException(
            String.join(", ", missing) + ": not in the schedule (maintctl schedule show)");
      }
      return new ScheduleBody(windows);
    }
  }

  /** {@code schedule clear}: the empty schedule, as DELETE sends it. */
  @Command(name = "clear", description = "Clear the schedule (machines that are DOWN stay).")
  public static final class Clear extends Change {
    @Override
    Object change(ScheduleBody current) {
      return new ScheduleBody(List.of());
    }

    @Override
    SchedulePostedView send(Object next, Optional<String> etag) {
      return client().delete(PATH, etag, SchedulePostedView.class);
    }
  }
}
