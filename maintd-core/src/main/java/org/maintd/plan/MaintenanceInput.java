package org.maintd.plan;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.NodeNamed;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.Window;
import org.maintd.wait.WaitReason;

/**
 * What the schedule's part of a round reads: the maintenance state, how long before its window a
 * machine is drained, why planned work waits now (outside the allowed hours, an alert; empty when
 * it may go on), whether consent commands are asked, and what the collectors last said of each
 * node.
 */
public record MaintenanceInput(
    Maintenance maintenance,
    Duration drainAhead,
    Optional<WaitReason> hold,
    boolean asking,
    Map<String, NodeSignal> signals) {
  public MaintenanceInput {
    signals = Map.copyOf(signals);
  }

  /** No schedule: nothing planned, nothing ruled out. */
  public static MaintenanceInput none() {
    return new MaintenanceInput(
        Maintenance.empty(), Duration.ofHours(1), Optional.empty(), false, Map.of());
  }

  /**
   * The nodes no move may land on for the schedule's sake, each with why: a machine draining or
   * down, or one whose drain is due within {@code drainAhead}.
   */
  Map<String, String> ruledOut(Cluster cluster, Instant now) {
    Map<String, String> out = new HashMap<>();
    for (Window w : maintenance.schedule().windows()) {
      for (MachineId m : w.machines()) {
        if (NodeNamed.in(cluster, m.hostname()) instanceof NodeNamed.Found f) {
          why(w, m, now).ifPresent(why -> out.put(f.node().name(), why));
        }
      }
    }
    return out;
  }

  private Optional<String> why(Window w, MachineId m, Instant now) {
    MachineMode mode = maintenance.modeOf(m.hostname());
    if (mode == MachineMode.DRAIN) {
      return Optional.of("draining for its maintenance window at " + w.start());
    }
    if (mode == MachineMode.DOWN) {
      return Optional.of("DOWN for maintenance");
    }
    Instant drain = w.start().minus(drainAhead);
    if (!w.ended(now) && !now.isBefore(drain.minus(drainAhead))) {
      return Optional.of("scheduled to drain at " + drain);
    }
    return Optional.empty();
  }
}
