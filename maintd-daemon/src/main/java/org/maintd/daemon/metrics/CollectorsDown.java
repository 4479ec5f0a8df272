package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.NodePhase;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.machine.MachineMode;
import org.maintd.reboot.RequestStatus;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;

/**
 * {@code maintd_collectors_down{health}}: the collectors that did not answer {@code ok} at the last
 * poll, of the nodes that maintd expects to answer. A node is expected not to when Ganeti has it
 * offline, its machine is {@code DOWN} in the maintenance schedule, a reboot request has it
 * powering off, held off or powering on, or a campaign is rebooting it or waiting for it to boot: a
 * node maintd, or an operator through it, took down is no fault of its collector. Stateless.
 */
final class CollectorsDown {
  private static final Set<RequestStatus> OFF =
      EnumSet.of(RequestStatus.POWERING_OFF, RequestStatus.HELD, RequestStatus.POWERING_ON);
  private static final Set<NodePhase> REBOOTING = EnumSet.of(NodePhase.REBOOT, NodePhase.BOOT);

  private CollectorsDown() {}

  static void register(MeterRegistry registry, Supplier<Optional<DaemonView>> view) {
    TaggedGauges.register(
        registry,
        "maintd.collectors.down",
        "Collectors not ok at the last poll, by health, of the nodes expected to answer (online,"
            + " not DOWN in the schedule, not off or rebooting for a reboot request or a campaign)",
        "health",
        new String[] {"unreachable", "collector-error", "rejected"},
        health -> health,
        health -> view.get().map(v -> count(v, health)).orElse(0L));
  }

  /**
   * The collectors of {@code view}'s last poll that answered {@code health}, expected to answer.
   */
  static long count(DaemonView view, String health) {
    return view.readings().values().stream()
        .filter(r -> r.health().equals(health))
        .map(CollectorReading::node)
        .filter(node -> !expectedOff(node, view.state(), view.cluster()))
        .count();
  }

  /** Whether {@code node} is expected not to answer (see the class). */
  static boolean expectedOff(String node, MaintdState state, Cluster cluster) {
    return offline(node, cluster)
        || state.maintenance().modes().stream()
            .anyMatch(m -> m.mode() == MachineMode.DOWN && m.hostname().equalsIgnoreCase(node))
        || state.reboots().of(node).stream().anyMatch(r -> OFF.contains(r.status()))
        || state.campaigns().stream()
            .filter(c -> c.status().isActive())
            .anyMatch(c -> rebooting(c, node));
  }

  private static boolean offline(String node, Cluster cluster) {
    return cluster != null && cluster.node(node).map(Node::offline).orElse(false);
  }

  private static boolean rebooting(Campaign c, String node) {
    return c.nodes().stream().anyMatch(p -> p.node().equals(node) && REBOOTING.contains(p.phase()));
  }
}
