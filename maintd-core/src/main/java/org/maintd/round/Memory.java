package org.maintd.round;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Cluster;
import org.maintd.spi.CollectorReading;

/**
 * What the step remembers between steps without storing it: each node's latest reading and what the
 * collectors said over time (since when each node has reported {@code Ok} without a gap, its boot
 * id), when the last round started, the storm the last poll showed, the cluster (as the step left
 * it, with the tags it changed) and when its snapshot was read (empty before the first), the plan
 * of the last tick, and each node's CPU load over its last polls (where the collectors were asked
 * for it). After a restart it starts empty, which errs on the safe side (a soak starts again). Its
 * single-value withers are generated.
 */
@RecordBuilder
public record Memory(
    Map<String, CollectorReading> readings,
    Map<String, Instant> okSince,
    Map<String, NodeSignal> signals,
    Instant lastRound,
    String storm,
    Cluster cluster,
    Optional<Instant> clusterRead,
    PlanSnapshot plan,
    Map<String, LoadAverage> loads)
    implements MemoryBuilder.With {

  public Memory {
    readings = Sorted.copy(readings);
    okSince = Sorted.copy(okSince);
    signals = Sorted.copy(signals);
    loads = Sorted.copy(loads);
  }

  public static Memory empty() {
    return new Memory(
        Map.of(),
        Map.of(),
        Map.of(),
        Instant.EPOCH,
        "",
        null,
        Optional.empty(),
        PlanSnapshot.none(),
        Map.of());
  }

  Memory withReadings(
      Map<String, CollectorReading> latest,
      Map<String, Instant> since,
      Map<String, NodeSignal> nodeSignals) {
    return with(b -> b.readings(latest).okSince(since).signals(nodeSignals));
  }
}
