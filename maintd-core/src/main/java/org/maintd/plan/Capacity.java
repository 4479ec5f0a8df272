package org.maintd.plan;

import java.util.HashMap;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * Free memory, disk and virtual cpus per node during one planning pass, reduced as placements
 * are made. Virtual cpus are limited to {@code vcpuRatio} times the node's physical cpus, as
 * Ganeti's default instance policy does. Not thread-safe.
 */
final class Capacity {
  static final double DEFAULT_VCPU_RATIO = 4.0;

  private final Map<String, long[]> free = new HashMap<>();

  Capacity(Cluster cluster, double vcpuRatio) {
    Map<String, Long> vcpus = new HashMap<>();
    for (Instance i : cluster.instances()) {
      vcpus.merge(i.primary(), (long) i.vcpus(), Long::sum);
    }
    for (Node n : cluster.nodes()) {
      long cpuRoom = (long) Math.floor(n.resources().cpus() * vcpuRatio) - vcpus.getOrDefault(n.name(), 0L);
      free.put(n.name(), new long[] {n.resources().memFree(), n.resources().diskFree(), cpuRoom});
    }
  }

  /** Why {@code node} cannot take the need, or null when it can. */
  String shortfall(String node, Need need) {
    long[] f = free.get(node);
    if (f[0] < need.memory()) {
      return node + " has " + f[0] + " MiB free memory, " + need.memory() + " needed";
    }
    if (f[1] < need.disk()) {
      return node + " has " + f[1] + " MiB free disk, " + need.disk() + " needed";
    }
    if (need.vcpus() > 0 && f[2] < need.vcpus()) {
      return node + " has room for " + f[2] + " more vcpus, " + need.vcpus() + " needed";
    }
    return null;
  }

  void take(String node, Need need) {
    long[] f = free.get(node);
    f[0] -= need.memory();
    f[1] -= need.disk();
    f[2] -= need.vcpus();
  }

  long freeMemory(String node) {
    return free.get(node)[0];
  }

  /** What an instance needs on a node that receives it. */
  record Need(long memory, long disk, long vcpus) {}
}
