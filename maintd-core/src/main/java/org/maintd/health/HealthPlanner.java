package org.maintd.health;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.cluster.Cluster;

/**
 * Decides the watcher's duties for one round: records of instances gone or expired are dropped;
 * then every instance's run state is looked at ({@link RunStateDuties}), then the disks that need
 * activating ({@link DiskDuties}). Stateless and thread-safe.
 */
public final class HealthPlanner {
  private final HealthSettings settings;

  public HealthPlanner(HealthSettings settings) {
    this.settings = settings;
  }

  public HealthPlan plan(HealthInput in) {
    Map<String, HealthRecord> records = current(in);
    List<Duty> duties = new ArrayList<>();
    List<HealthNote> notes = new ArrayList<>();
    List<HealthPlan.HealthEvent> events = new ArrayList<>();
    Set<String> started = new HashSet<>();
    RunStateDuties runStates = new RunStateDuties(settings, in, records, duties, notes, events);
    in.cluster().instances().forEach(i -> runStates.check(i, started));
    DiskDuties disks = new DiskDuties(in, records, duties, notes, events);
    Map<String, String> bootIds = disks.rebooted();
    Map<String, String> pending = disks.activate(started);
    records.values().removeIf(HealthRecord::isEmpty);
    return new HealthPlan(duties, notes, events, new InstanceHealth(records, bootIds, pending));
  }

  /** The stored records of instances still there, without what expired. */
  private Map<String, HealthRecord> current(HealthInput in) {
    Cluster c = in.cluster();
    Map<String, HealthRecord> out = new LinkedHashMap<>();
    in.stored()
        .instances()
        .forEach(
            (name, r) -> {
              if (c.instance(name).isPresent()) {
                out.put(name, r.expired(in.now(), settings.retryExpiry()));
              }
            });
    return out;
  }
}
