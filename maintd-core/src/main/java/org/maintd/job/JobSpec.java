package org.maintd.job;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A job as maintd plans it: operations run in order, the reason trail entry, the owner (an incident
 * uuid or a feature name) and an idempotency key that also appears in the reason text, so that a
 * job can be found again after a crash.
 */
public record JobSpec(String key, String owner, List<Operation> operations, ReasonTrail reason) {
  public JobSpec {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(reason, "reason");
    operations = List.copyOf(operations);
    if (operations.isEmpty()) {
      throw new IllegalArgumentException("job " + key + " has no operations");
    }
  }

  public Set<String> nodes() {
    Set<String> nodes = new LinkedHashSet<>();
    operations.forEach(op -> nodes.addAll(op.nodes()));
    return nodes;
  }

  public Set<String> instances() {
    Set<String> instances = new LinkedHashSet<>();
    operations.forEach(op -> instances.addAll(op.instances()));
    return instances;
  }

  /** True when the job runs a repair command through a collector, not through the backend. */
  public boolean isRepair() {
    return operations.stream().allMatch(op -> op instanceof Operation.RunRepair);
  }
}
