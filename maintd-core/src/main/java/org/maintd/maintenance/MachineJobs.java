package org.maintd.maintenance;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.machine.MachineMode;
import org.maintd.machine.MachineUp;

/**
 * The jobs an operator's change of a machine's mode makes (down, or the undrain of a machine
 * dropped from the schedule): owned as the machine's ({@code machine:<node>}), keyed by the step
 * and the time of the command. Stateless.
 */
public final class MachineJobs {
  private MachineJobs() {}

  /**
   * The maintenance after {@code job} (its id {@code id}), a job of a machine's, failed: its notice
   * says so (until the next command on the machine), and the mode it was to establish goes back, so
   * that the round or the operator can try again: an offline job that failed leaves the machine in
   * DRAIN if its node is drained in {@code cluster}, else UP (a forced down from UP), a drain that
   * failed leaves it UP, a return to service that failed (its window delayed) leaves it DOWN; a
   * machine going DOWN by force stops going down (DRAIN) whichever of its jobs failed.
   */
  public static Maintenance failed(
      Maintenance m, JobSpec job, String id, String reason, Cluster cluster, Instant now) {
    String node = nodeOf(job);
    Maintenance out = m.withNotice(new MachineNotice.JobFailed(node, id, reason, now));
    Optional<MaintenanceMode> mode = out.mode(node);
    if (mode.isEmpty()) {
      return out;
    }
    String host = mode.get().hostname();
    MachineMode was = mode.get().mode();
    for (Operation op : job.operations()) {
      if (!(op instanceof Operation.SetNodeFlags f)) {
        continue;
      }
      if (f.offline().equals(Optional.of(false))
          && f.drained().equals(Optional.of(true))
          && was == MachineMode.DRAIN) {
        return out.withMode(new MaintenanceMode(host, MachineMode.DOWN, now, reason));
      }
      if (f.offline().orElse(false) && was == MachineMode.DOWN) {
        boolean drained = cluster.node(node).map(Node::drained).orElse(false);
        return drained
            ? out.withMode(new MaintenanceMode(host, MachineMode.DRAIN, now, reason))
            : out.withoutMode(host);
      }
      if (f.drained().orElse(false) && was == MachineMode.DRAIN) {
        return out.withoutMode(host);
      }
    }
    return mode.get().goingDown()
        ? out.withMode(new MaintenanceMode(host, MachineMode.DRAIN, now, reason))
        : out;
  }

  private static String nodeOf(JobSpec job) {
    return job.owner().substring(MachineUp.ownerOf("").length());
  }

  public static JobSpec of(String node, String step, Operation op, String what, Instant now) {
    long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    String key = MachineUp.ownerOf(node) + "-" + step + "-" + nanos;
    return new JobSpec(key, MachineUp.ownerOf(node), List.of(op), ReasonTrail.of(what, key, nanos));
  }
}
