package org.maintd.daemon.backend.ganeti;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.job.Operation;

/**
 * The operations that move an instance or its disks through Ganeti's RAPI, and a reinstall where it
 * is: a live migration ({@code PUT /2/instances/<name>/migrate}), a failover ({@code PUT
 * .../failover}), a new secondary ({@code POST .../replace-disks}), disks recreated on other nodes
 * ({@code POST .../recreate-disks}), a reinstall that starts it ({@code POST .../reinstall}).
 * Stateless.
 */
final class InstanceMoveCalls {
  private InstanceMoveCalls() {}

  /**
   * The RAPI request of an instance move or reinstall in {@code cluster}; none when {@code op} is
   * none.
   */
  static Optional<RapiCall> call(Operation op, Cluster cluster) {
    if (op instanceof Operation.Migrate m) {
      return Optional.of(
          new RapiCall(
              "PUT",
              RapiCall.instancePath(m.instance(), "migrate"),
              target(cluster, m.instance(), m.target(), Map.of("mode", "live"))));
    }
    if (op instanceof Operation.Failover f) {
      return Optional.of(
          new RapiCall(
              "PUT",
              RapiCall.instancePath(f.instance(), "failover"),
              target(cluster, f.instance(), f.target(), Map.of())));
    }
    if (op instanceof Operation.ReplaceSecondary r) {
      return Optional.of(
          new RapiCall(
              "POST",
              RapiCall.instancePath(r.instance(), "replace-disks"),
              Map.of("mode", "replace_new_secondary", "remote_node", r.newSecondary())));
    }
    if (op instanceof Operation.RecreateDisks r) {
      return Optional.of(
          new RapiCall(
              "POST",
              RapiCall.instancePath(r.instance(), "recreate-disks"),
              Map.of("nodes", r.targets())));
    }
    if (op instanceof Operation.Reinstall r) {
      return Optional.of(
          new RapiCall(
              "POST", RapiCall.instancePath(r.instance(), "reinstall"), Map.of("start", true)));
    }
    return Optional.empty();
  }

  /**
   * Migrations and failovers name their target, except for DRBD, whose target is its secondary and
   * which Ganeti refuses to be given one.
   */
  private static Map<String, Object> target(
      Cluster cluster, String instance, String target, Map<String, Object> base) {
    Map<String, Object> body = new LinkedHashMap<>(base);
    boolean drbd =
        cluster
            .instance(instance)
            .map(Instance::diskTemplate)
            .map(t -> t.mobility() == Mobility.INTERNALLY_MIRRORED)
            .orElse(false);
    if (!drbd) {
      body.put("target_node", target);
    }
    return body;
  }
}
