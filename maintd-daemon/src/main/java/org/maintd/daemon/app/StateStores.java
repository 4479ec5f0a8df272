package org.maintd.daemon.app;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.maintd.daemon.config.Store;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.notify.Deliveries;
import org.maintd.daemon.runner.Gate;
import org.maintd.daemon.service.HealthReport;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.FileDeliveries;
import org.maintd.daemon.store.FileSignatures;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.store.StateWrites;
import org.maintd.daemon.store.StorePart;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.daemon.zookeeper.StandbyReads;
import org.maintd.daemon.zookeeper.ZooKeeperConnection;
import org.maintd.daemon.zookeeper.ZooKeeperDeliveries;
import org.maintd.daemon.zookeeper.ZooKeeperElection;
import org.maintd.daemon.zookeeper.ZooKeeperGate;
import org.maintd.daemon.zookeeper.ZooKeeperSignatures;
import org.maintd.daemon.zookeeper.ZooKeeperStateStore;
import org.maintd.daemon.zookeeper.ZooKeeperTakeover;
import org.maintd.protocol.signing.UsedSignatures;
import org.maintd.spi.MaintdState;

/**
 * Where the state lives, and what that means for the leader: one file in the state directory, or
 * ZooKeeper (a takeover under a new epoch before acting, and a fence checked before every change),
 * whose connection only this case holds. Also where the used signatures are kept, beside the state,
 * what a standby reads, and what the health says of the connection.
 */
sealed interface StateStores {

  /** The stores {@code store} names: {@code state.json} in {@code stateDir}, or ZooKeeper. */
  static StateStores of(
      Path stateDir,
      Store store,
      EpochFloor epochs,
      Clock clock,
      StateWrites writes,
      Faults faults) {
    if (store instanceof Store.InFile) {
      return new File(stateDir, clock, writes, faults);
    }
    if (store instanceof Store.InZooKeeper z) {
      return inZooKeeper(z.zookeeper(), epochs, clock, writes);
    }
    throw new IllegalStateException("no state store is known for " + store);
  }

  /**
   * The stores in the ZooKeeper {@code settings} name, over a connection not started; a credentials
   * file that cannot be used refuses the start.
   */
  static ZooKeeper inZooKeeper(
      org.maintd.daemon.config.ZooKeeper settings,
      EpochFloor epochs,
      Clock clock,
      StateWrites writes) {
    ZooKeeperConnection zk =
        new ZooKeeperConnection(settings, Startup.zooKeeperIdentity(settings), clock);
    return new ZooKeeper(zk, settings, epochs, clock, writes, new StandbyReads(zk::client, epochs));
  }

  /** The parts the stores run on, begun before anything reads them: none for the file. */
  List<Part> parts();

  /** What {@code /1/health} warns of how the state is kept; empty when nothing. */
  String warning();

  /**
   * Why nothing is submitted now because of where the state lives, at {@code now} (the ZooKeeper
   * connection is down), for a daemon that {@code leads} or not; empty when nothing holds it up.
   */
  Optional<HealthReport.Holdup> holdup(Instant now, boolean leads);

  /** Whether the connection to ZooKeeper is usable; empty when the state is in a file. */
  Optional<Boolean> connected();

  /**
   * The leader's store as its work opens it (not started), how it is claimed, how long the claim
   * waits before the leader may act ({@code fenceWait}), and its fence.
   */
  record Opened(StorePart part, Runnable claim, Duration fenceWait, UnaryOperator<Gate> fenced) {}

  /**
   * The store of a leader that writes as {@code self}, told by {@code stillLeads} it still does.
   */
  Opened open(String self, BooleanSupplier stillLeads);

  /** The stored state as a standby reads it (null: none). */
  MaintdState peek(String self);

  /** The record of signed requests accepted, where every daemon sees it. */
  UsedSignatures usedSignatures(Duration window);

  /** The record of the notifications' deliveries, where every daemon that may lead sees it. */
  Deliveries deliveries();

  /**
   * What tells this leadership from the others, for its event: the leader epoch in ZooKeeper, the
   * serial of the state it began from ({@code first}) in a file.
   */
  String term(MaintdState first);

  /**
   * Refuses {@code --recover} before anything runs where a stored state may be another daemon's
   * (ZooKeeper); the file is checked when the leader's work opens.
   */
  default void refuseRecoveryOfAStoredState(String self) {}

  /**
   * One file, {@code state.json}, in the state directory; the used signatures beside it. A write
   * the disk refuses is told to {@code faults}.
   */
  record File(Path stateDir, Clock clock, StateWrites writes, Faults faults)
      implements StateStores {
    private Path file() {
      return stateDir.resolve("state.json");
    }

    @Override
    public Opened open(String self, BooleanSupplier stillLeads) {
      Path file = file();
      return new Opened(
          new StorePart(file.toString(), () -> new FileStateStore(file), clock, writes, faults),
          () -> {},
          Duration.ZERO,
          UnaryOperator.identity());
    }

    @Override
    public MaintdState peek(String self) {
      return FileStateStore.peek(file());
    }

    @Override
    public UsedSignatures usedSignatures(Duration window) {
      return new FileSignatures(stateDir.resolve("used-signatures.json"), window);
    }

    @Override
    public Deliveries deliveries() {
      return new FileDeliveries(stateDir.resolve("notifications.json"));
    }

    @Override
    public String term(MaintdState first) {
      return "serial-" + first.serial();
    }

    @Override
    public List<Part> parts() {
      return List.of();
    }

    @Override
    public String warning() {
      return "";
    }

    @Override
    public Optional<HealthReport.Holdup> holdup(Instant now, boolean leads) {
      return Optional.empty();
    }

    @Override
    public Optional<Boolean> connected() {
      return Optional.empty();
    }
  }

  /**
   * ZooKeeper: the state under the chroot, taken over under the next epoch (then the fence waited
   * out) when a leader opens it, and checked before every change; the used signatures beside it. A
   * standby decodes the state only when it was written since its last read ({@code standbyReads}).
   */
  record ZooKeeper(
      ZooKeeperConnection zk,
      org.maintd.daemon.config.ZooKeeper settings,
      EpochFloor epochs,
      Clock clock,
      StateWrites writes,
      StandbyReads standbyReads)
      implements StateStores {
    @Override
    public Opened open(String self, BooleanSupplier stillLeads) {
      ZooKeeperStateStore store =
          new ZooKeeperStateStore(zk.client(), self, epochs, this::awaitLease);
      return new Opened(
          new StorePart(store.where(), () -> store, clock, writes),
          () -> new ZooKeeperTakeover(zk, stillLeads, settings.fenceWait(), clock).takeOver(store),
          settings.fenceWait(),
          leads -> new ZooKeeperGate(zk, store, settings.sessionTimeout(), leads, stillLeads));
    }

    /** Waits up to the session timeout for ZooKeeper to answer within the lease, or throws. */
    private void awaitLease() {
      if (!zk.awaitUsable(settings.sessionTimeout())) {
        throw new ZooKeeperStateStore.Unavailable(
            "ZooKeeper did not answer within the lease: the state is not written", null);
      }
    }

    @Override
    public MaintdState peek(String self) {
      return standbyReads.read();
    }

    @Override
    public UsedSignatures usedSignatures(Duration window) {
      return new ZooKeeperSignatures(zk::client, window);
    }

    @Override
    public Deliveries deliveries() {
      return new ZooKeeperDeliveries(zk::client);
    }

    @Override
    public String term(MaintdState first) {
      return "epoch-" + epochs.highest();
    }

    @Override
    public List<Part> parts() {
      return List.of(zk);
    }

    @Override
    public String warning() {
      return zk.warning();
    }

    @Override
    public Optional<HealthReport.Holdup> holdup(Instant now, boolean leads) {
      if (zk.usable()) {
        return Optional.empty();
      }
      return Optional.of(
          new HealthReport.Holdup(
              "DISCONNECTED",
              "the ZooKeeper connection is "
                  + zk.connectionState()
                  + " since "
                  + zk.changedAt()
                  + " ("
                  + Duration.between(zk.changedAt(), now).toSeconds()
                  + " s): nothing is submitted"
                  + (leads ? "" : "; what this daemon shows may be stale")));
    }

    @Override
    public Optional<Boolean> connected() {
      return Optional.of(zk.usable());
    }

    /**
     * {@code --recover} is refused while a state is stored (another daemon leads on it, or it is
     * only unreadable: import a good one), naming the leader.
     */
    @Override
    public void refuseRecoveryOfAStoredState(String self) {
      ZooKeeperStateStore store = new ZooKeeperStateStore(zk.client(), self, epochs);
      if (!store.exists()) {
        return;
      }
      String leader;
      try {
        leader = ZooKeeperElection.currentLeader(zk.client());
      } catch (Exception e) {
        leader = "";
      }
      throw new StartupException(
          ExitCodes.USAGE,
          "--recover rebuilds a lost state, but "
              + store.where()
              + " holds one"
              + (leader.isEmpty() ? "" : " and the daemon at " + leader + " leads on it")
              + "; start without --recover (an unreadable state is put back with --import-state)");
    }
  }
}
