package org.maintd.daemon.app;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.leader.Leadership;
import org.maintd.daemon.leader.MasterGate;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.leader.MasterWatch;
import org.maintd.daemon.runner.Gate;
import org.maintd.daemon.zookeeper.ZooKeeperConnection;
import org.maintd.daemon.zookeeper.ZooKeeperElection;
import org.maintd.spi.ClusterBackend;

/**
 * How this daemon comes to lead, one type per {@code leadership}: on the master from its start, as
 * a standby watching for its node to become the master, or elected through ZooKeeper. Each says
 * when the runner may act and for which node.
 */
sealed interface Leading {

  /**
   * The way {@code config.ha().leadership} names: {@code leadership} is the master's, begun already
   * (null otherwise); a ZooKeeper election names this daemon by {@code self}.
   */
  static Leading of(
      DaemonConfig config,
      Leadership leadership,
      ZooKeeperConnection zookeeper,
      ClusterBackend backend,
      Supplier<MasterVote.Outcome> votes,
      Addresses addresses,
      Supplier<String> self,
      Clock clock) {
    return switch (config.ha().leadership()) {
      case "zookeeper" ->
          new ElectedByZooKeeper(new ZooKeeperElection(zookeeper, self, clock), config.node());
      case "standby" ->
          new WatchingForTheMaster(
              new MasterWatch(
                  config.node(),
                  backend,
                  votes,
                  config.pollInterval(),
                  addresses.onEveryNode(),
                  clock),
              config.node());
      default -> new OnTheMaster(leadership);
    };
  }

  /** The election that makes this daemon lead later; null when it leads from its start. */
  Election election();

  /** When the leader's runner may act. */
  Gate gate();

  /** Whether this daemon still leads, asked before every change to a state in ZooKeeper. */
  BooleanSupplier stillLeads();

  /** The node this daemon acts for. */
  String actingFor();

  /**
   * Takes up the leader's work before anything else runs, when this daemon leads from its start.
   */
  default void leadFromTheStart(Acting acting, Supplier<Work> open) {}

  /**
   * Once the API serves: a daemon that waits to be elected watches the stored state as a standby,
   * listens to its election and enters it.
   */
  default void stand(
      Parts parts, Acting acting, StandbyView standbyView, ScheduledExecutorService timers) {
    standbyView.watch(timers, () -> acting.work() == null);
    election().listen(acting);
    parts.begin(election().part());
  }

  /** {@code moved} runs when the master role leaves this daemon's node, if that ends its lead. */
  default void onMasterMoved(Runnable moved) {}

  /** {@code leadership: master}: the daemon on the master leads while its node stays master. */
  record OnTheMaster(Leadership leadership) implements Leading {
    @Override
    public Election election() {
      return null;
    }

    @Override
    public Gate gate() {
      return MasterGate.of(leadership);
    }

    @Override
    public BooleanSupplier stillLeads() {
      return () -> true;
    }

    @Override
    public String actingFor() {
      return leadership.leader();
    }

    @Override
    public void leadFromTheStart(Acting acting, Supplier<Work> open) {
      acting.leadNow(open.get());
    }

    @Override
    public void stand(
        Parts parts, Acting acting, StandbyView standbyView, ScheduledExecutorService timers) {}

    @Override
    public void onMasterMoved(Runnable moved) {
      leadership.moved().thenRun(moved);
    }
  }

  /** {@code leadership: standby}: the daemon leads while its own node is the master. */
  record WatchingForTheMaster(MasterWatch election, String actingFor) implements Leading {
    @Override
    public Gate gate() {
      return MasterGate.of(election, actingFor);
    }

    @Override
    public BooleanSupplier stillLeads() {
      return election::leads;
    }
  }

  /** {@code leadership: zookeeper}: the daemon leads while ZooKeeper's election says it does. */
  record ElectedByZooKeeper(ZooKeeperElection election, String actingFor) implements Leading {
    @Override
    public Gate gate() {
      return cluster -> election.leads();
    }

    @Override
    public BooleanSupplier stillLeads() {
      return election::leads;
    }
  }
}
