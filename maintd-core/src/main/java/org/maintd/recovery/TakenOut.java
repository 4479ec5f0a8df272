package org.maintd.recovery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.incident.Incident;
import org.maintd.machine.Machine;

/**
 * The nodes out of service (drained or offline) that a recovered evacuation or a campaign of the
 * traces took out, recorded again as taken out by it: the incident first, else the campaign whose
 * job drained the node for its reboot. The others are left to {@link MaintenanceTraces}. Pure.
 */
final class TakenOut {
  private TakenOut() {}

  /** The records of the nodes of {@code cluster} that {@code incidents} or a campaign took out. */
  static List<Machine> machines(
      Cluster cluster, List<Incident> incidents, Traces traces, Instant now) {
    List<Machine> out = new ArrayList<>();
    for (Node n : cluster.nodes()) {
      if (!n.drained() && !n.offline()) {
        continue;
      }
      byIncident(n, incidents)
          .or(() -> byCampaign(n, traces))
          .ifPresent(
              by -> out.add(new Machine(n.name(), now, by, "rebuilt after the state was lost")));
    }
    return out;
  }

  /** The uuid of the first evacuation of {@code incidents} on {@code n}. */
  private static Optional<String> byIncident(Node n, List<Incident> incidents) {
    return incidents.stream()
        .filter(i -> i.node().equals(n.name()) && i.diagnosis().status().isEvacuation())
        .map(i -> i.uuid().toString())
        .findFirst();
  }

  /** The owner of the first job that drained {@code n} for its reboot (a campaign's). */
  private static Optional<String> byCampaign(Node n, Traces traces) {
    return traces.jobs().stream()
        .filter(j -> j.reason().contains("drain " + n.name() + " for its reboot"))
        .map(j -> TraceKey.of(j.reason()))
        .flatMap(Optional::stream)
        .map(TraceKey::owner)
        .findFirst();
  }
}
