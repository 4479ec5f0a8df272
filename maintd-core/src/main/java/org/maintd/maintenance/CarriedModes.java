package org.maintd.maintenance;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.NodeNamed;
import org.maintd.machine.MachineMode;

/**
 * The machines' modes carried over to a schedule posted over another: a machine dropped from the
 * schedule is {@code released} (it loses its mode); a {@code DOWN} one whose window moves to start
 * later, at a time still to come, is {@code delayed}: back to {@code DRAIN} if its node reports
 * {@code Ok}, else it stays {@code DOWN} with a warning; every other mode is kept. Immutable.
 */
record CarriedModes(
    List<MaintenanceMode> modes,
    List<String> released,
    List<String> delayed,
    List<String> warnings) {
  CarriedModes {
    modes = List.copyOf(modes);
    released = List.copyOf(released);
    delayed = List.copyOf(delayed);
    warnings = List.copyOf(warnings);
  }

  /**
   * The modes of {@code current} carried over to {@code next} at {@code now}; {@code reportingOk}:
   * the nodes whose collectors reported {@code Ok} at the last poll.
   */
  static CarriedModes over(
      Maintenance current, Schedule next, Cluster cluster, Instant now, Set<String> reportingOk) {
    List<MaintenanceMode> modes = new ArrayList<>();
    List<String> released = new ArrayList<>();
    List<String> delayed = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (MaintenanceMode m : current.modes()) {
      Optional<Window> after = next.windowOf(m.hostname());
      boolean later =
          after.isPresent()
              && m.mode() == MachineMode.DOWN
              && delays(current.schedule().windowOf(m.hostname()), after.get(), now);
      boolean ok = reportsOk(cluster, m.hostname(), reportingOk);
      if (later && !ok) {
        warnings.add(
            "machine '"
                + m.hostname()
                + "' stays DOWN: its window moves later, but its node does not report Ok (bring it"
                + " back with maintctl up "
                + m.hostname()
                + " once it does)");
      }
      if (after.isEmpty()) {
        released.add(m.hostname());
      } else if (later && ok) {
        delayed.add(m.hostname());
        modes.add(drainedUntil(m, after.get(), now));
      } else {
        modes.add(m);
      }
    }
    return new CarriedModes(modes, released, delayed, warnings);
  }

  /** {@code m} back in service, drained, until its window starts. */
  private static MaintenanceMode drainedUntil(MaintenanceMode m, Window after, Instant now) {
    return new MaintenanceMode(
        m.hostname(),
        MachineMode.DRAIN,
        now,
        "its window moved to start later, at "
            + after.start()
            + ": back in service, drained, until then (delayed, not canceled)");
  }

  private static boolean reportsOk(Cluster cluster, String hostname, Set<String> reportingOk) {
    return NodeNamed.in(cluster, hostname) instanceof NodeNamed.Found f
        && reportingOk.contains(f.node().name());
  }

  /**
   * Whether a DOWN machine's window moved from {@code before} to {@code after} delays its
   * maintenance (Mesos' DOWN to DRAIN): it starts later than it did, and has not started yet.
   */
  private static boolean delays(Optional<Window> before, Window after, Instant now) {
    return before.isPresent()
        && after.startNanos() > before.get().startNanos()
        && !after.started(now);
  }
}
