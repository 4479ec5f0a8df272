package org.maintd.maintenance;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.NodeNamed;
import org.maintd.cluster.NodeNames;
import org.maintd.machine.MachineMode;

/**
 * Posting a schedule, by Mesos' rules and messages: every window has machines, no duration is
 * negative (nor zero, nor a start before 1970: maintd's own rules, which Mesos does not have),
 * every machine has a hostname (maintd names machines by hostname; Mesos would take an IP alone)
 * and a well-formed IP if any, no machine is in two windows (hostnames compared
 * case-insensitively), and no machine that is {@code DOWN} is dropped. A hostname that is no node
 * of the cluster is kept (Mesos keeps machines that have not joined) and warned of. Machines kept
 * keep their modes; those dropped while {@code DRAIN} go back {@code UP} and are released (maintd
 * undrains what it drained); an instance's answer is kept while its machine's window keeps its
 * terms. A machine {@code DOWN} whose window moves to start later, at a time still to come, goes
 * back to {@code DRAIN} (Mesos: to delay, not cancel, its maintenance) if its node reports {@code
 * Ok}; else it stays {@code DOWN}, warned of. Stateless.
 */
public final class ScheduleRules {
  private ScheduleRules() {}

  /** What posting a schedule gave. */
  public sealed interface Posted {
    /**
     * Stored as {@code maintenance}; {@code released} machines were dropped while DRAIN, {@code
     * delayed} ones were DOWN and their windows moved later: back to DRAIN.
     */
    record Accepted(
        Maintenance maintenance, List<String> warnings, List<String> released, List<String> delayed)
        implements Posted {
      public Accepted {
        warnings = List.copyOf(warnings);
        released = List.copyOf(released);
        delayed = List.copyOf(delayed);
      }
    }

    /** The schedule breaks a rule (a bad request): {@code message} names it and the machine. */
    record Invalid(String message) implements Posted {}

    /** The schedule would drop a machine that is DOWN. */
    record Conflict(String message) implements Posted {}
  }

  /**
   * {@code next} posted over {@code current} at {@code now}; {@code reportingOk} are the nodes
   * whose collectors reported {@code Ok} at the last poll (only those go back in service drained).
   */
  public static Posted post(
      Maintenance current, Schedule next, Cluster cluster, Instant now, Set<String> reportingOk) {
    Optional<String> invalid = invalid(next).or(() -> ambiguous(next, cluster));
    if (invalid.isPresent()) {
      return new Posted.Invalid(invalid.get());
    }
    Optional<String> dropsDown = dropsDown(current, next);
    if (dropsDown.isPresent()) {
      return new Posted.Conflict(dropsDown.get());
    }
    CarriedModes carried = CarriedModes.over(current, next, cluster, now, reportingOk);
    List<String> warnings = new ArrayList<>(warnings(next, cluster));
    warnings.addAll(carried.warnings());
    List<Consent> consents =
        current.consents().stream().filter(c -> sameTerms(current, next, cluster, c)).toList();
    return new Posted.Accepted(
        current.withSchedule(next).withModes(carried.modes()).withConsents(consents),
        warnings,
        carried.released(),
        carried.delayed());
  }

  /**
   * Why {@code next} cannot replace {@code current}'s schedule: it drops a machine that is DOWN.
   */
  private static Optional<String> dropsDown(Maintenance current, Schedule next) {
    for (MaintenanceMode m : current.modes()) {
      if (m.mode() == MachineMode.DOWN && next.windowOf(m.hostname()).isEmpty()) {
        MachineId id =
            current.schedule().machines().stream()
                .filter(x -> x.names(m.hostname()))
                .findFirst()
                .orElse(MachineId.of(m.hostname()));
        return Optional.of(
            "Machine '"
                + id.json()
                + "' is deactivated and cannot be removed from the schedule (bring it up first:"
                + " maintctl up "
                + m.hostname()
                + ")");
      }
    }
    return Optional.empty();
  }

  /** The first rule {@code schedule} breaks, as Mesos words it, with where. */
  static Optional<String> invalid(Schedule schedule) {
    List<MachineId> seen = new ArrayList<>();
    for (int i = 0; i < schedule.windows().size(); i++) {
      Window w = schedule.windows().get(i);
      String where = "windows[" + i + "]";
      if (w.machines().isEmpty()) {
        return Optional.of(where + ": List of machines in the maintenance window is empty");
      }
      if (w.startNanos() < 0) {
        return Optional.of(
            where
                + ": Unavailability 'start' is before 1970 ("
                + w.start()
                + "): a window starts at a time in nanoseconds since 1970-01-01T00:00:00Z");
      }
      if (w.durationNanos().isPresent() && w.durationNanos().getAsLong() < 0) {
        return Optional.of(where + ": Unavailability 'duration' is negative");
      }
      if (w.durationNanos().isPresent() && w.durationNanos().getAsLong() == 0) {
        return Optional.of(
            where
                + ": Unavailability 'duration' is zero: a window lasts some time (leave"
                + " 'duration' out for a window with no end)");
      }
      if (w.durationNanos().isPresent()
          && w.startNanos() > Long.MAX_VALUE - w.durationNanos().getAsLong()) {
        return Optional.of(where + ": the window ends after the year 2262 (start + duration)");
      }
      for (int j = 0; j < w.machines().size(); j++) {
        Optional<String> bad = machine(w.machines().get(j), where + ".machine_ids[" + j + "]");
        if (bad.isPresent()) {
          return bad;
        }
        MachineId m = w.machines().get(j);
        if (seen.stream().anyMatch(x -> x.names(m.hostname()))) {
          return Optional.of("Machine '" + m.json() + "' appears more than once in the schedule");
        }
        seen.add(m);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> machine(MachineId m, String where) {
    boolean noIp = m.ip().map(String::isEmpty).orElse(true);
    if (m.hostname().isEmpty() && noIp) {
      return Optional.of(where + ": Both 'hostname' and 'ip' for a machine are empty");
    }
    if (m.hostname().isEmpty()) {
      return Optional.of(
          where
              + ": 'hostname' is empty: maintd names machines by hostname (the node's name), an IP"
              + " alone names no node");
    }
    if (m.ip().isPresent() && !m.ip().get().isEmpty() && !IpLiteral.valid(m.ip().get())) {
      return Optional.of(where + ": Failed to parse IP address: " + m.ip().get());
    }
    return Optional.empty();
  }

  /** The first hostname that could be any of several nodes, with where; names them. */
  private static Optional<String> ambiguous(Schedule schedule, Cluster cluster) {
    for (int i = 0; i < schedule.windows().size(); i++) {
      List<MachineId> machines = schedule.windows().get(i).machines();
      for (int j = 0; j < machines.size(); j++) {
        if (NodeNamed.in(cluster, machines.get(j).hostname()) instanceof NodeNamed.Ambiguous a) {
          return Optional.of("windows[" + i + "].machine_ids[" + j + "]: " + a.message());
        }
      }
    }
    return Optional.empty();
  }

  private static List<String> warnings(Schedule schedule, Cluster cluster) {
    List<String> out = new ArrayList<>();
    for (MachineId m : schedule.machines()) {
      if (NodeNamed.in(cluster, m.hostname()) instanceof NodeNamed.Unknown) {
        out.add(
            "machine '"
                + m.hostname()
                + "' is no node of the cluster: kept in the schedule, shown as unknown until a node"
                + " of that name joins");
      }
    }
    return out;
  }

  /** Whether an answer still stands: its node's machine is in a window of the same terms. */
  private static boolean sameTerms(Maintenance current, Schedule next, Cluster cluster, Consent c) {
    String hostname = hostnameOf(current, cluster, c.node());
    Optional<Window> before = current.schedule().windowOf(hostname);
    Optional<Window> after = next.windowOf(hostname);
    return before.isPresent() && after.isPresent() && before.get().sameTerms(after.get());
  }

  private static String hostnameOf(Maintenance current, Cluster cluster, String node) {
    return current.schedule().machines().stream()
        .map(MachineId::hostname)
        .filter(h -> NodeNames.same(node, h))
        .findFirst()
        .orElse(node);
  }
}
