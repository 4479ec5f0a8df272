package org.maintd.maintenance;

import java.time.Instant;
import java.util.List;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.machine.MachineUp;

/**
 * The jobs an operator's change of a machine's mode makes (down, or the undrain of a machine
 * dropped from the schedule): owned as the machine's ({@code machine:<node>}), keyed by the step
 * and the time of the command. Stateless.
 */
public final class MachineJobs {
  private MachineJobs() {}

  public static JobSpec of(String node, String step, Operation op, String what, Instant now) {
    long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    String key = MachineUp.ownerOf(node) + "-" + step + "-" + nanos;
    return new JobSpec(key, MachineUp.ownerOf(node), List.of(op), ReasonTrail.of(what, key, nanos));
  }
}
