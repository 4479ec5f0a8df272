package org.maintd.daemon.app;

import java.time.Clock;
import java.util.function.Supplier;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.WhoLeads;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.leader.Leadership;
import org.maintd.daemon.leader.MasterGate;
import org.maintd.daemon.leader.MasterWatch;
import org.maintd.daemon.leader.Vote;
import org.maintd.daemon.store.StateWrites;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.daemon.zookeeper.ZooKeeperElection;
import org.maintd.spi.ClusterBackend;

/**
 * The ways this daemon runs, as {@link WhoLeads} names them: how it comes to lead and where its
 * state lives, built together so that an election through ZooKeeper uses the connection of the
 * store. Nothing is started.
 */
record Ways(Leading leading, StateStores stores) {

  /** What the ways are built from besides the configuration. */
  record Sources(
      ClusterBackend backend,
      boolean followsMaster,
      Vote vote,
      Addresses addresses,
      Supplier<String> self,
      EpochFloor epochs,
      Clock clock,
      StateWrites writes,
      Faults faults) {}

  static Ways of(DaemonConfig config, Sources s) {
    WhoLeads who = config.ha().leadership();
    if (who instanceof WhoLeads.Elected elected) {
      StateStores.ZooKeeper stores =
          StateStores.inZooKeeper(elected.zookeeper(), s.epochs(), s.clock(), s.writes());
      ZooKeeperElection election = new ZooKeeperElection(stores.zk(), s.self(), s.clock());
      return new Ways(
          new Leading.Elected(election, cluster -> election.leads(), config.node()), stores);
    }
    StateStores stores =
        StateStores.of(
            config.stateDir(), who.store(), s.epochs(), s.clock(), s.writes(), s.faults());
    if (who instanceof WhoLeads.Master) {
      return new Ways(
          new Leading.OnTheMaster(
              new Leadership(config.node(), s.backend(), s.vote(), s.followsMaster(), s.clock())),
          stores);
    }
    if (who instanceof WhoLeads.Standby) {
      MasterWatch watch =
          new MasterWatch(
              config.node(),
              s.backend(),
              s.vote(),
              config.pollInterval(),
              s.addresses().onEveryNode(),
              s.clock());
      return new Ways(
          new Leading.Elected(watch, MasterGate.of(watch, config.node()), config.node()), stores);
    }
    throw new IllegalStateException("no way to lead is known for " + who);
  }
}
