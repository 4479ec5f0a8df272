package org.maintd.health;

import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;

/** The watcher's helpless instances and maintd's nodes to keep off, as pure checks. */
final class Helpless {
  private Helpless() {}

  /** Whether nothing can be done for it: its primary is down or offline. */
  static boolean helpless(Cluster c, Instance i) {
    return i.status() == InstanceStatus.ERROR_nodedown
        || i.status() == InstanceStatus.ERROR_nodeoffline
        || c.node(i.primary()).map(Node::offline).orElse(true);
  }

  /** Whether its secondary (if any) is offline or unknown. */
  static boolean secondaryOffline(Cluster c, Instance i) {
    return i.hasSecondary() && c.node(i.secondary()).map(Node::offline).orElse(true);
  }

  /** Why an instance on {@code i}'s primary must wait this round: drained, or taken. */
  static Optional<String> waits(HealthInput in, Instance i, String... nodes) {
    boolean drained = in.cluster().node(i.primary()).map(Node::drained).orElse(false);
    if (drained) {
      return Optional.of("node " + i.primary() + " is drained");
    }
    return in.busy().why(i.name(), nodes);
  }
}
