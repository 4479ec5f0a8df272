package org.maintd.rehearse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNamed;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;

/**
 * Whether every machine of a posted schedule is where its window puts it, as the daemon does it: an
 * {@code auto} window's machine {@code DOWN} (or, its window over, back {@code UP} and out of the
 * schedule), any other's {@code DRAIN} with its node drained and holding no instance. A machine
 * that is no node of the cluster, or names several, is left out: the daemon keeps it in the
 * schedule and does nothing with it. Stateless.
 */
final class WindowPlaces {
  private WindowPlaces() {}

  /**
   * The sentence that says every machine of {@code posted} is where its window puts it in {@code
   * maintenance} and {@code cluster}; empty while one is not.
   */
  static Optional<String> reached(Schedule posted, Maintenance maintenance, Cluster cluster) {
    List<String> places = new ArrayList<>();
    for (Window w : posted.windows()) {
      for (MachineId m : w.machines()) {
        if (NodeNamed.in(cluster, m.hostname()) instanceof NodeNamed.Found f) {
          Optional<String> place = place(w, m, f.node(), maintenance, cluster);
          if (place.isEmpty()) {
            return Optional.empty();
          }
          places.add(place.get());
        }
      }
    }
    return Optional.of(
        places.isEmpty()
            ? "the schedule names no node of the cluster: nothing is to be drained"
            : "every machine of the schedule is where its window puts it: "
                + String.join("; ", places));
  }

  /** Where {@code m}, the machine of {@code node}, stands, if that is where its window puts it. */
  private static Optional<String> place(
      Window w, MachineId m, Node node, Maintenance maintenance, Cluster cluster) {
    String name = node.name();
    if (maintenance.schedule().windowOf(m.hostname()).isEmpty()) {
      return Optional.of(name + " back UP, its window over");
    }
    MachineMode mode = maintenance.modeOf(m.hostname());
    if (mode == MachineMode.DOWN) {
      return Optional.of(name + " DOWN");
    }
    boolean empty =
        mode == MachineMode.DRAIN
            && node.drained()
            && cluster.primariesOf(name).isEmpty()
            && cluster.secondariesOf(name).isEmpty();
    return empty && !w.auto()
        ? Optional.of(name + " DRAIN, drained and holding no instance")
        : Optional.empty();
  }
}
