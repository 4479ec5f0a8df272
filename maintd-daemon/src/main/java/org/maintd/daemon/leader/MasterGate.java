package org.maintd.daemon.leader;

import java.util.function.Predicate;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.runner.Gate;

/**
 * When a daemon that acts for the cluster's master may act: its node is still the master ({@code
 * leadership: master}), or it watches for the role and its node has it ({@code leadership:
 * standby}). Checked before every tick with the cluster just read. Thread-safe.
 */
public final class MasterGate implements Gate {
  private final Predicate<Cluster> leads;

  private MasterGate(Predicate<Cluster> leads) {
    this.leads = leads;
  }

  /** The daemon that runs only on the master, while the role stays (or follows it). */
  public static MasterGate of(Leadership leadership) {
    return new MasterGate(leadership::stillMaster);
  }

  /** The daemon of {@code node} that leads while its node is the master. */
  public static MasterGate of(MasterWatch watch, String node) {
    return new MasterGate(
        cluster ->
            watch.leads()
                && cluster.master().map(m -> NodeNames.same(m.name(), node)).orElse(false));
  }

  @Override
  public boolean mayAct(Cluster cluster) {
    return leads.test(cluster);
  }
}
