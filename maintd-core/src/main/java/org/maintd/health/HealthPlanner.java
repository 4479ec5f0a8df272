package org.maintd.health;

import java.util.HashSet;
import java.util.LinkedHashMap;
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
    HealthRound round = HealthRound.of(in, current(in));
    Set<String> started = new HashSet<>();
    RunStateDuties runStates = new RunStateDuties(settings, round);
    in.cluster().instances().forEach(i -> runStates.check(i, started));
    DiskDuties disks = new DiskDuties(round);
    Map<String, String> bootIds = disks.rebooted();
    return round.plan(bootIds, disks.activate(started));
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
