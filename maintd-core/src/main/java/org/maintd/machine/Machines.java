package org.maintd.machine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.maintd.campaign.Campaign;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;

/**
 * The record of nodes maintd has taken out of service: a node enters it when a job of maintd's
 * drains it or sets it offline, and leaves it once it is back in service and no incident or
 * campaign that took it out is still under way. Pure functions of lists; stateless.
 */
public final class Machines {
  private Machines() {}

  /**
   * The records after submitting {@code jobs}: every node they drain or set offline is recorded
   * once.
   */
  public static List<Machine> takenOut(List<Machine> machines, List<JobSpec> jobs, Instant now) {
    List<Machine> out = new ArrayList<>(machines);
    for (JobSpec job : jobs) {
      for (Operation op : job.operations()) {
        if (op instanceof Operation.SetNodeFlags f
            && takesOut(f)
            && find(out, f.node()).isEmpty()) {
          out.add(new Machine(f.node(), now, job.owner(), job.reason().text()));
        }
      }
    }
    return List.copyOf(out);
  }

  private static boolean takesOut(Operation.SetNodeFlags f) {
    return f.drained().orElse(false) || f.offline().orElse(false);
  }

  /**
   * The records still true of {@code cluster}: a node that is back in service (by {@code up}, or by
   * hand) is dropped unless what took it out is still under way (its drain job may not have run
   * yet); a node that is no longer in the cluster is dropped.
   */
  public static List<Machine> retained(
      List<Machine> machines, Cluster cluster, List<Incident> incidents, List<Campaign> campaigns) {
    Set<String> active = activeOwners(incidents, campaigns);
    return machines.stream()
        .filter(
            m ->
                cluster
                    .node(m.node())
                    .map(n -> isOut(n) || active.contains(m.owner()))
                    .orElse(false))
        .toList();
  }

  public static Optional<Machine> find(List<Machine> machines, String node) {
    return machines.stream().filter(m -> m.node().equals(node)).findFirst();
  }

  static boolean isOut(Node n) {
    return n.drained() || n.offline();
  }

  private static Set<String> activeOwners(List<Incident> incidents, List<Campaign> campaigns) {
    Set<String> owners = new HashSet<>();
    incidents.stream()
        .filter(i -> i.status().isActive())
        .forEach(i -> owners.add(i.uuid().toString()));
    campaigns.stream().filter(c -> c.status().isActive()).forEach(c -> owners.add(c.owner()));
    return owners;
  }
}
