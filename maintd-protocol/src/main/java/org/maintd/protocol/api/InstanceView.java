package org.maintd.protocol.api;

import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.harep.HarepTagException;
import org.maintd.harep.RepairState;

/**
 * An instance as {@code /1/instances} shows it, with its auto-repair state as harep names it
 * ({@code Healthy}, {@code Pending repair}, {@code Failure}, or {@code error: ...}).
 */
public record InstanceView(
    String name,
    String primary_node,
    String secondary_node,
    String disk_template,
    String status,
    List<String> tags,
    String auto_repair) {

  public static List<InstanceView> of(Cluster cluster) {
    if (cluster == null) {
      return List.of();
    }
    return cluster.instances().stream()
        .map(
            i ->
                new InstanceView(
                    i.name(),
                    i.primary(),
                    i.secondary(),
                    i.diskTemplate().wireName(),
                    i.status().name(),
                    i.tags(),
                    autoRepair(i)))
        .toList();
  }

  private static String autoRepair(Instance i) {
    try {
      RepairState s = RepairState.of(i.name(), i.tags());
      return s instanceof RepairState.Pending
          ? "Pending repair"
          : s instanceof RepairState.Failed ? "Failure" : "Healthy";
    } catch (HarepTagException e) {
      return "error: " + e.getMessage();
    }
  }
}
