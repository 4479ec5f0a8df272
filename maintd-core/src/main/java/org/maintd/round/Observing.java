package org.maintd.round;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Node;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.machine.Machines;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.CollectorStatus;
import org.maintd.spi.LoadReading;
import org.maintd.spi.MaintdState;

/**
 * What a tick learns from the poll: each node's latest reading and signal (since when it has
 * reported {@code Ok} without a gap, its boot id, its fault), the storm guard, and the incidents
 * the reports open, update or close, those the operator acknowledged by removing a tag, and the
 * machines still out of service. Stateless.
 */
final class Observing {
  private Observing() {}

  static void apply(Turn t) {
    Map<String, Observation> observations = new HashMap<>();
    t.inputs.readings().forEach((node, r) -> observations.put(node, r.observation()));
    remember(t);
    guardAgainstStorm(t, observations);
    Set<String> planned = new HashSet<>();
    t.state.intents().forEach(i -> planned.add(i.job().owner()));
    Lifecycle.Result observed =
        t.lifecycle.observe(t.state.incidents(), observations, planned, t.now);
    t.changes(observed.changes());
    Lifecycle.Result acked = t.lifecycle.acknowledge(observed.incidents(), nodeTags(t), t.now);
    t.changes(acked.changes());
    Set<String> known = new HashSet<>();
    acked.incidents().forEach(i -> known.add(i.node()));
    MaintdState s = t.state;
    t.state =
        s.withIncidents(acked.incidents())
            .withEvacuated(s.evacuated().stream().filter(known::contains).toList())
            .withMachines(
                Machines.retained(s.machines(), t.cluster, acked.incidents(), s.campaigns()));
  }

  /** The latest reading per node of the cluster, and each node's signal. */
  private static void remember(Turn t) {
    Map<String, CollectorReading> readings = new HashMap<>(t.memory.readings());
    readings.putAll(t.inputs.readings());
    readings.keySet().retainAll(t.cluster.nodesByName().keySet());
    Map<String, Instant> okSince = new HashMap<>(t.memory.okSince());
    Map<String, NodeSignal> signals = new HashMap<>(t.memory.signals());
    t.inputs
        .readings()
        .forEach(
            (node, r) -> {
              if (r.observation() instanceof Observation.Clear && "ok".equals(r.health())) {
                okSince.putIfAbsent(node, r.at());
              } else {
                okSince.remove(node);
              }
              String fault =
                  r.observation() instanceof Observation.Fault f
                      ? f.diagnosis().status().wireName()
                      : "";
              signals.put(
                  node,
                  new NodeSignal(
                      r.bootId(), fault, Optional.ofNullable(okSince.get(node)), r.reported()));
            });
    t.memory = t.memory.withReadings(readings, okSince, signals).withLoads(loads(t));
    if (!t.inputs.readings().isEmpty()) {
      t.state = t.state.withCollectors(collectors(t));
    }
  }

  /**
   * Each node's CPU load over its last polls: a poll that measured none forgets the node's, so that
   * balancing never weighs a load the node no longer reports.
   */
  private static Map<String, LoadAverage> loads(Turn t) {
    Map<String, LoadAverage> loads = new HashMap<>(t.memory.loads());
    t.inputs
        .readings()
        .forEach(
            (node, r) -> {
              if (r.load() instanceof LoadReading.Cpu c) {
                loads.merge(node, LoadAverage.of(c.total()), (old, one) -> old.add(c.total()));
              } else {
                loads.remove(node);
              }
            });
    loads.keySet().retainAll(t.cluster.nodesByName().keySet());
    return loads;
  }

  /**
   * Each node's collector as this poll left it, for the state (standbys show it): changed only
   * where a collector's health or detail did, so that a quiet poll writes nothing.
   */
  private static Map<String, CollectorStatus> collectors(Turn t) {
    Map<String, CollectorStatus> out = new java.util.TreeMap<>(t.state.collectors());
    t.inputs.readings().forEach((node, r) -> out.put(node, CollectorStatus.of(r, out.get(node))));
    out.keySet().retainAll(t.cluster.nodesByName().keySet());
    return out;
  }

  /**
   * Pauses every automatic action when too many nodes report faults in one poll. The guard trips
   * once per storm: after the operator resumes, it fires again only once a poll without a storm has
   * re-armed it. Whether it is armed is stored, so a restart in the middle of a storm does not undo
   * the operator's resume.
   */
  private static void guardAgainstStorm(Turn t, Map<String, Observation> observations) {
    Optional<String> storm = t.settings.storm().storm(t.cluster, observations);
    t.memory = t.memory.withStorm(storm.orElse(""));
    MaintdState s = t.state;
    if (storm.isEmpty()) {
      t.state = s.stormArmed() ? s : s.withStormArmed(true);
    } else if (s.stormArmed()) {
      t.state = (s.paused() ? s : s.withPaused(true, storm.get())).withStormArmed(false);
      t.log.add(LogLine.error("automatic actions paused: " + storm.get()));
    }
  }

  private static Map<String, Set<String>> nodeTags(Turn t) {
    Map<String, Set<String>> tags = new HashMap<>();
    for (Node n : t.cluster.nodes()) {
      tags.put(n.name(), new HashSet<>(n.tags()));
    }
    return tags;
  }
}
