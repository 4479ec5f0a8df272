package org.maintd.maintenance;

import java.time.Instant;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNamed;
import org.maintd.machine.MachineMode;

/**
 * The modes of machines whose nodes changed under maintd: a machine {@code DOWN} whose node is
 * online again while no job has it (someone set it online outside maintd) follows its node: {@code
 * DRAIN} while the node is still drained, else {@code UP}, its window kept; its notice says so. The
 * commands then treat it as any machine in that mode. Stateless.
 */
public final class ModeFollowsNode {
  private ModeFollowsNode() {}

  /**
   * {@code m} as {@code cluster} shows its machines' nodes at {@code now}; the nodes in {@code
   * busy} (a job under way has them: the one setting a machine offline may not have run yet) are
   * left as they are.
   */
  public static Maintenance follow(Maintenance m, Cluster cluster, Set<String> busy, Instant now) {
    Maintenance out = m;
    for (MaintenanceMode mode : m.modes()) {
      if (mode.mode() != MachineMode.DOWN
          || !(NodeNamed.in(cluster, mode.hostname()) instanceof NodeNamed.Found f)
          || f.node().offline()
          || busy.contains(f.node().name())) {
        continue;
      }
      Node node = f.node();
      String what =
          node.name()
              + " was set online outside maintd while DOWN for maintenance: "
              + (node.drained()
                  ? "DRAIN, as it is still drained"
                  : "UP, as it is neither drained nor offline; its window stays in the schedule");
      out =
          node.drained()
              ? out.withMode(new MaintenanceMode(mode.hostname(), MachineMode.DRAIN, now, what))
              : out.withoutMode(mode.hostname());
      out = out.withNotice(new MachineNotice.ChangedByHand(node.name(), what, now));
    }
    return out;
  }
}
