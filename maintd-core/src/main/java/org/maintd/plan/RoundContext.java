package org.maintd.plan;

import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.ClusterIndex;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.UnavailabilityLedger;

/**
 * What one planning pass works on: the snapshot, the round number (part of every job key), the time
 * of the reason trail, the nodes that may never receive instances (active incidents, evacuated),
 * and the claims, capacity and out-of-service ledger shared by all planners of the round.
 */
final class RoundContext {
  final Cluster cluster;
  final ClusterIndex index;
  final long round;
  final long nowNanos;
  final Set<String> excludedTargets;
  final Claims claims = new Claims();
  final Capacity capacity;
  final UnavailabilityLedger unavailable;
  private int jobCounter;

  RoundContext(
      Cluster cluster, long round, long nowNanos, Set<String> excludedTargets, SafetyCaps caps) {
    this.cluster = cluster;
    this.index = new ClusterIndex(cluster);
    this.unavailable = new UnavailabilityLedger(cluster, caps);
    this.round = round;
    this.nowNanos = nowNanos;
    this.excludedTargets = Set.copyOf(excludedTargets);
    this.capacity = new Capacity(cluster, Capacity.DEFAULT_VCPU_RATIO);
  }

  String nextKey(String owner) {
    return owner + "-r" + round + "-" + (++jobCounter);
  }
}
