package org.maintd.daemon.simulation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.health.HealthSettings;
import org.maintd.incident.Incident;
import org.maintd.job.Operation;
import org.maintd.spi.MaintdState;

/**
 * Instance health in the simulation: instances crash (ERROR_down), some with starts that fail, or
 * are shut down from inside (USER_down), drawn from their own stream; and its invariants, checked
 * after every step: never more than {@code maxTries} starts of an instance within {@code
 * retryExpiry} while it stays down, nor two of them less than {@code retryInterval} apart, no start
 * planned on a drained or offline primary nor of an instance on the node of an active evacuation,
 * and, once quiet, the disks of every DRBD instance whose secondary rebooted activated (where its
 * nodes are up). Single-threaded, like the simulation.
 */
final class HealthWatch {
  private final HealthSettings settings;
  private final Random random;
  private final SimulatedCluster cluster;
  private final Map<String, List<Instant>> starts = new HashMap<>();
  private final Set<String> planned = new java.util.HashSet<>();

  HealthWatch(HealthSettings settings, Random random, SimulatedCluster cluster) {
    this.settings = settings;
    this.random = random;
    this.cluster = cluster;
  }

  /** Now and then (when instance health is on), an instance crashes or is shut down. */
  void maybeEvent(Consumer<String> note) {
    if (!settings.enabled() || random.nextInt(100) >= 6) {
      return;
    }
    List<Instance> running =
        cluster.now().instances().stream()
            .filter(i -> i.status() == InstanceStatus.running)
            .toList();
    if (running.isEmpty()) {
      return;
    }
    Instance i = running.get(random.nextInt(running.size()));
    int kind = random.nextInt(10);
    if (kind < 2) {
      note.accept("instance " + i.name() + " is shut down from inside (USER_down)");
      cluster.setStatus(i.name(), InstanceStatus.USER_down);
      return;
    }
    if (kind < 5) {
      int times = 1 + random.nextInt(8);
      note.accept("the next " + times + " starts of " + i.name() + " fail");
      cluster.failStarts(i.name(), times);
    }
    note.accept("instance " + i.name() + " crashes (ERROR_down)");
    cluster.setStatus(i.name(), InstanceStatus.ERROR_down);
  }

  /**
   * The invariants of the starts planned since the last check (checked against the state and the
   * cluster the round was planned on: a job planned before an incident appears is still submitted,
   * as every planned job is); empty when they hold.
   */
  Optional<String> check(MaintdState shown, Instant now) {
    Cluster c = cluster.now();
    for (org.maintd.spi.Intent intent : shown.intents()) {
      if (!planned.add(intent.job().key())) {
        continue;
      }
      for (Operation op : intent.job().operations()) {
        if (op instanceof Operation.StartInstance s) {
          Optional<String> v = start(s, c, shown, now);
          if (v.isPresent()) {
            return v;
          }
        }
      }
    }
    forgetStartsOfInstancesUp(c);
    return Optional.empty();
  }

  private Optional<String> start(
      Operation.StartInstance s, Cluster c, MaintdState shown, Instant now) {
    Optional<Node> primary = c.node(s.primary());
    if (primary.map(n -> n.drained() || n.offline()).orElse(true)) {
      return Optional.of(
          "instance health: a start of "
              + s.instance()
              + " on "
              + s.primary()
              + ", which is drained, offline or gone");
    }
    for (Incident i : shown.incidents()) {
      if (i.status().isActive()
          && i.diagnosis().status().isEvacuation()
          && (i.node().equals(s.primary()) || i.node().equals(s.secondary()))) {
        return Optional.of(
            "instance health: a start of "
                + s.instance()
                + " on the node of evacuation "
                + i.uuid());
      }
    }
    List<Instant> times = starts.computeIfAbsent(s.instance(), k -> new ArrayList<>());
    if (!times.isEmpty()
        && now.isBefore(times.get(times.size() - 1).plus(settings.retryInterval()))) {
      return Optional.of(
          "instance health: a start of "
              + s.instance()
              + " "
              + java.time.Duration.between(times.get(times.size() - 1), now)
              + " after the last while it stayed down (at least "
              + settings.retryInterval()
              + " apart)");
    }
    times.add(now);
    Instant since = now.minus(settings.retryExpiry());
    long within = times.stream().filter(t -> !t.isBefore(since)).count();
    if (within > settings.maxTries()) {
      return Optional.of(
          "instance health: "
              + within
              + " starts of "
              + s.instance()
              + " within "
              + settings.retryExpiry()
              + " while it stayed down (at most "
              + settings.maxTries()
              + ")");
    }
    return Optional.empty();
  }

  /** An instance that is not down (or whose primary went away) starts a new count, as maintd's. */
  private void forgetStartsOfInstancesUp(Cluster c) {
    starts
        .keySet()
        .removeIf(
            name ->
                c.instance(name)
                    .map(
                        i ->
                            i.status() != InstanceStatus.ERROR_down
                                || c.node(i.primary()).map(Node::offline).orElse(true))
                    .orElse(true));
  }

  /** The DRBD instances whose secondary rebooted and whose disks could be but are not activated. */
  Set<String> unsettled() {
    Cluster c = cluster.now();
    return cluster.staleDisks().stream()
        .filter(name -> c.instance(name).map(i -> activatable(c, i)).orElse(false))
        .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
  }

  private static boolean activatable(Cluster c, Instance i) {
    return i.hasSecondary()
        && i.status().adminUp()
        && c.node(i.primary()).map(n -> !n.offline() && !n.drained()).orElse(false)
        && c.node(i.secondary()).map(n -> !n.offline()).orElse(false);
  }

  /** Whether instance health has nothing left to do once quiet. */
  boolean settled() {
    return !settings.enabled() || unsettled().isEmpty();
  }
}
