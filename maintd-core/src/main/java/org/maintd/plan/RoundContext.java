package org.maintd.plan;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.ClusterIndex;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.UnavailabilityLedger;
import org.maintd.wait.WaitReason;

/**
 * What one planning pass works on: the snapshot, the round number (part of every job key), the time
 * of the reason trail, the nodes that may never receive instances (active incidents, evacuated),
 * the nodes ruled out as targets and why (a failed repair, a machine draining, down or due to drain
 * soon), the claims, capacity and out-of-service ledger shared by all planners of the round, and
 * why planned work waits this round (the guard's one answer for every planner; empty: it may
 * start).
 */
final class RoundContext {
  final Cluster cluster;
  final ClusterIndex index;
  final long round;
  final long nowNanos;
  final Set<String> excludedTargets;
  final Map<String, String> ruledOut;
  final Claims claims = new Claims();
  final Capacity capacity;
  final UnavailabilityLedger unavailable;
  final Optional<WaitReason> plannedWorkHeld;

  /** The nodes a reboot request is under way on: no campaign starts on them. */
  final Set<String> rebooting = new java.util.HashSet<>();

  private int jobCounter;

  RoundContext(
      Cluster cluster, long round, long nowNanos, Set<String> excludedTargets, SafetyCaps caps) {
    this(cluster, round, nowNanos, excludedTargets, Map.of(), caps, Optional.empty());
  }

  RoundContext(
      Cluster cluster,
      long round,
      long nowNanos,
      Set<String> excludedTargets,
      Map<String, String> ruledOut,
      SafetyCaps caps,
      Optional<WaitReason> plannedWorkHeld) {
    this.cluster = cluster;
    this.plannedWorkHeld = plannedWorkHeld;
    this.ruledOut = Map.copyOf(ruledOut);
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

  /** The nodes of {@code group} ruled out as targets, each with why, as the plan says them. */
  List<String> ruledOutIn(String group) {
    Map<String, String> sorted = new TreeMap<>();
    cluster.nodes().stream()
        .filter(n -> n.group().equals(group) && ruledOut.containsKey(n.name()))
        .forEach(n -> sorted.put(n.name(), ruledOut.get(n.name())));
    return sorted.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")").toList();
  }
}
