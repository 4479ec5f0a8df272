package org.maintd.daemon.backend.sim;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.job.Operation;

/**
 * Instances' run states and disks in the simulated cluster, as Ganeti's would behave: a start of a
 * stopped instance needs its memory free on an online primary and runs it (a running one is left
 * running), a shutdown stops it (admin down) and gives its memory back, an activation of disks
 * needs its nodes online; a node that reboots leaves the disks of the mirrored instances it is the
 * secondary of to be activated again. Stateless.
 */
public final class SimDisks {
  private SimDisks() {}

  /** The instances whose disks need activating once {@code booted} came back. */
  static Set<String> staleAfterBoot(SimState state, List<String> booted) {
    Set<String> stale = new TreeSet<>(state.staleDisks());
    state.cluster().instances().stream()
        .filter(i -> i.diskTemplate() == DiskTemplate.DRBD && i.status().adminUp())
        .filter(i -> booted.contains(i.secondary()))
        .forEach(i -> stale.add(i.name()));
    return stale;
  }

  static Cluster apply(Cluster c, Operation.OnInstance op) {
    Instance i =
        c.instance(op.instance())
            .orElseThrow(() -> new SimFailure("Instance '" + op.instance() + "' not known"));
    online(c, i.primary());
    if (op instanceof Operation.StartInstance) {
      return i.status().isRunning() ? c : withStatus(c, i.name(), InstanceStatus.running);
    }
    if (op instanceof Operation.ShutdownInstance) {
      return withStatus(c, i.name(), InstanceStatus.ADMIN_down);
    }
    if (i.hasSecondary()) {
      online(c, i.secondary());
    }
    return c;
  }

  /** {@code c} with the instance in {@code status}, its primary's free memory following. */
  public static Cluster withStatus(Cluster c, String name, InstanceStatus status) {
    Instance i =
        c.instance(name)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "no instance '" + name + "' in the simulated cluster"));
    Instance after = i.withStatus(status);
    long change = (i.usesMemory() ? i.memory() : 0) - (after.usesMemory() ? i.memory() : 0);
    Node p = c.node(i.primary()).orElseThrow();
    if (p.resources().memFree() + change < 0) {
      throw new SimFailure(
          "Not enough memory on node "
              + p.name()
              + " to start "
              + name
              + ": needed "
              + i.memory()
              + " MiB, available "
              + p.resources().memFree()
              + " MiB");
    }
    return c.withInstance(name, x -> after)
        .withNode(
            p.name(),
            n ->
                n.withResources(
                    n.resources()
                        .withFree(n.resources().memFree() + change, n.resources().diskFree())));
  }

  private static void online(Cluster c, String node) {
    if (c.node(node).map(Node::offline).orElse(true)) {
      throw new SimFailure("Node " + node + " is offline or not known");
    }
  }
}
