package org.maintd.daemon.runner;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.round.Memory;
import org.maintd.round.PlanSnapshot;
import org.maintd.round.RoundState;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * What the HTTP API and the metrics read: the state as stored after the last step, the cluster as
 * that step left it (null before the first snapshot) and when its snapshot was read (empty where
 * the view does not say), the latest reading per node, the last plan and the storm the last poll
 * showed. Immutable; the runner publishes a new one after each step.
 */
public record DaemonView(
    MaintdState state,
    Cluster cluster,
    Optional<Instant> clusterRead,
    Map<String, CollectorReading> readings,
    PlanSnapshot plan,
    String storm) {
  public DaemonView {
    readings = Map.copyOf(readings);
  }

  /** A view that does not say when its snapshot was read (a standby's, a test's). */
  public DaemonView(
      MaintdState state,
      Cluster cluster,
      Map<String, CollectorReading> readings,
      PlanSnapshot plan,
      String storm) {
    this(state, cluster, Optional.empty(), readings, plan, storm);
  }

  public static DaemonView of(RoundState s) {
    Memory m = s.memory();
    return new DaemonView(
        s.stored(), m.cluster(), m.clusterRead(), m.readings(), m.plan(), m.storm());
  }

  /** The ids of the jobs of the round under way. */
  public List<String> jobs() {
    return state.intents().stream().filter(Intent::submitted).map(Intent::jobId).toList();
  }
}
