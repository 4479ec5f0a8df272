package org.maintd.recovery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.job.JobStatus;
import org.maintd.machine.Machine;
import org.maintd.machine.MachineMode;
import org.maintd.machine.MachineUp;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.spi.JobTrace;

/**
 * What the traces of planned maintenance give back when the state is lost. A node out of service
 * whose last successful job among its machine's (keyed {@code machine:<node>-r<round>-<n>} by the
 * schedule's rounds, {@code machine:<node>-down|up|undrain-<nanos>} by maintctl) took it out, not
 * back in, was out for maintenance: offline, it is {@code DOWN} again (so {@code maintctl up}
 * brings it back); drained but online, it is recorded as taken out by its machine, so that {@code
 * maintctl up} undrains it and a schedule posted again finds it drained already. The schedule and
 * the consent answers leave no trace in the cluster: a note says to post the schedule again. Pure.
 */
final class MaintenanceTraces {
  private static final String REBUILT = "rebuilt after the state was lost";
  private static final Comparator<JobTrace> BY_ID =
      Comparator.comparingInt((JobTrace j) -> j.id().length()).thenComparing(JobTrace::id);

  /** The modes and records rebuilt, and one note per machine. */
  record Rebuilt(Maintenance maintenance, List<Machine> machines, List<String> notes) {}

  private MaintenanceTraces() {}

  /**
   * Rebuilds from {@code traces} on {@code cluster}; {@code taken}: the nodes already recorded as
   * taken out by another owner (an incident, a campaign), left to it.
   */
  static Rebuilt rebuild(Cluster cluster, Traces traces, List<Machine> taken, Instant now) {
    Maintenance maintenance = Maintenance.empty();
    List<Machine> machines = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Node n : cluster.nodes()) {
      if (!n.drained() && !n.offline() || taken.stream().anyMatch(m -> m.node().equals(n.name()))) {
        continue;
      }
      Optional<JobTrace> last = lastMachineJob(traces, n.name());
      if (last.isEmpty() || putBack(last.get(), n.name())) {
        continue;
      }
      String job = "job " + last.get().id();
      if (n.offline()) {
        maintenance =
            maintenance.withMode(
                new MaintenanceMode(n.name(), MachineMode.DOWN, now, REBUILT + " (" + job + ")"));
        notes.add(
            n.name()
                + " was taken DOWN for maintenance ("
                + job
                + "): it is DOWN again; the schedule is lost: post it again (maintctl schedule"
                + " set), or bring "
                + n.name()
                + " back with maintctl up");
      } else {
        machines.add(new Machine(n.name(), now, MachineUp.ownerOf(n.name()), REBUILT));
        notes.add(
            n.name()
                + " was drained for maintenance ("
                + job
                + "): the schedule is lost: post it again (maintctl schedule set), or put "
                + n.name()
                + " back with maintctl up");
      }
    }
    return new Rebuilt(maintenance, machines, notes);
  }

  /** The last successful job of {@code node}'s machine, by job id (numbers compared as such). */
  private static Optional<JobTrace> lastMachineJob(Traces traces, String node) {
    Pattern keys =
        Pattern.compile(Pattern.quote(MachineUp.ownerOf(node)) + "-(r\\d+|down|up|undrain)-\\d+");
    return traces.jobs().stream()
        .filter(j -> j.status() == JobStatus.SUCCESS)
        .filter(
            j -> TraceKey.of(j.reason()).map(k -> keys.matcher(k.key()).matches()).orElse(false))
        .max(BY_ID);
  }

  /** Whether {@code job} put {@code node} back in service (up, or undrained off the schedule). */
  private static boolean putBack(JobTrace job, String node) {
    String key = TraceKey.of(job.reason()).orElseThrow().key();
    return key.startsWith(MachineUp.upKeyPrefix(node))
        || job.reason().contains(": undrained")
        || job.reason().contains("bring " + node + " back UP");
  }
}
