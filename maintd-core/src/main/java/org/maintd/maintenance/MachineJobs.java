package org.maintd.maintenance;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
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
   * The maintenance after {@code job}, a job of a machine's, failed: the mode it was to establish
   * goes back (an offline job that failed leaves the machine in DRAIN, a drain that failed leaves
   * it UP), so that the round or the operator can try again; other jobs change nothing.
   */
  public static Maintenance failed(Maintenance m, JobSpec job, String reason, Instant now) {
    String node = job.owner().substring(MachineUp.ownerOf("").length());
    Optional<MaintenanceMode> mode = m.mode(node);
    if (mode.isEmpty()) {
      return m;
    }
    for (Operation op : job.operations()) {
      if (op instanceof Operation.SetNodeFlags f
          && f.offline().orElse(false)
          && mode.get().mode() == MachineMode.DOWN) {
        return m.withMode(
            new MaintenanceMode(mode.get().hostname(), MachineMode.DRAIN, now, reason));
      }
      if (op instanceof Operation.SetNodeFlags f
          && f.drained().orElse(false)
          && mode.get().mode() == MachineMode.DRAIN) {
        return m.withoutMode(mode.get().hostname());
      }
    }
    return m;
  }

  public static JobSpec of(String node, String step, Operation op, String what, Instant now) {
    long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    String key = MachineUp.ownerOf(node) + "-" + step + "-" + nanos;
    return new JobSpec(key, MachineUp.ownerOf(node), List.of(op), ReasonTrail.of(what, key, nanos));
  }
}
