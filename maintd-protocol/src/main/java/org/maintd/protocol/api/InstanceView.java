package org.maintd.protocol.api;

import java.time.Instant;
import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.harep.HarepTagException;
import org.maintd.harep.RepairPolicies;
import org.maintd.harep.RepairPolicy;
import org.maintd.harep.RepairState;
import org.maintd.health.HealthSettings;
import org.maintd.health.HealthText;
import org.maintd.health.InstanceHealth;

/**
 * An instance as {@code /1/instances} shows it. {@code health}: how the instance is and what
 * instance health did about it ({@code ok}, {@code restarting (2 of 5)}, {@code gave up at <time>},
 * {@code disks activated <time>}, or what is wrong that it has not acted on). {@code auto_repair}:
 * what harep's tags allow and where a repair stands ({@code not enabled}, {@code enabled up to
 * <type>}, {@code suspended}, {@code suspended until <time>}, {@code pending <type> repair}, {@code
 * failed <type> repair}, or {@code error: ...} for tags harep would refuse).
 */
public record InstanceView(
    String name,
    String primary_node,
    String secondary_node,
    String disk_template,
    String status,
    List<String> tags,
    String health,
    String auto_repair) {

  /** The instances of {@code cluster} (none before the first snapshot), as of {@code now}. */
  public static List<InstanceView> of(
      Cluster cluster, InstanceHealth health, HealthSettings settings, Instant now) {
    if (cluster == null) {
      return List.of();
    }
    RepairPolicies policies = new RepairPolicies(cluster, now);
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
                    HealthText.of(i, health.of(i.name()), settings.maxTries()),
                    autoRepair(i, policies.of(i))))
        .toList();
  }

  private static String autoRepair(Instance i, RepairPolicy policy) {
    RepairState s;
    try {
      s = RepairState.of(i.name(), i.tags());
    } catch (HarepTagException e) {
      return "error: " + e.getMessage();
    }
    if (s instanceof RepairState.Pending p) {
      return "pending " + p.tag().type().wireName() + " repair";
    }
    if (s instanceof RepairState.Failed f) {
      return "failed " + f.tag().type().wireName() + " repair";
    }
    if (policy instanceof RepairPolicy.Enabled e) {
      return "enabled up to " + e.max().wireName();
    }
    if (policy instanceof RepairPolicy.Suspended p) {
      return p.until().map(t -> "suspended until " + t).orElse("suspended");
    }
    return "not enabled";
  }
}
