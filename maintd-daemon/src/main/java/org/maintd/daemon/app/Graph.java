package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.daemon.alerts.InterlockPart;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.consent.ConsentAsker;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.leader.Vote;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.notify.NotifyPart;
import org.maintd.daemon.poll.PollerPart;
import org.maintd.daemon.runner.ClockSteps;
import org.maintd.daemon.store.StateCondition;
import org.maintd.daemon.store.StateWrites;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.spi.ClusterBackend;

/**
 * The daemon's object graph: every part built from the configuration by {@link #build}, with
 * constructors ({@link Wiring}, one method per part), before anything runs; then {@link #start}ed
 * in order (poller, the alert interlock, the notifications, the master's check, ZooKeeper, the
 * leader's work, API, election, a standby's warm-up); {@link #stop} ends the leader's work before
 * the parts stop. Its parts are thread-safe; it is built and started once, on one thread.
 */
record Graph(
    DaemonConfig config,
    ClusterBackend backend,
    PollerPart poller,
    Leading leading,
    StateStores stores,
    StandbyView standbyView,
    Acting acting,
    DaemonHealth health,
    ApiPart api,
    SelfUrl self,
    StandbyWarmUp warmUp,
    Optional<InterlockPart> interlock,
    Optional<NotifyPart> notifications,
    boolean recover) {
  /** How often a daemon that stands for election looks whether it stands by, until it warms up. */
  private static final Duration WARM_UP_CHECKS = Duration.ofSeconds(1);

  /** What the daemon keeps from before its start to after its close, shared with the graph. */
  record Shared(
      Parts parts,
      ExecutorService repairThreads,
      ScheduledExecutorService timers,
      StateCondition stateCondition,
      ConsentAsker consents,
      EpochFloor epochs,
      Supervision supervision,
      Faults faults,
      ClockSteps clockSteps) {}

  /**
   * The graph of a daemon that asks the nodes to vote for the master with {@code vote}, and
   * rebuilds a lost state with {@code recover}, over {@code plugin}'s backend. A key, certificate
   * or credentials file that cannot be used refuses the start ({@link StartupException}).
   */
  static Graph build(
      DaemonConfig config,
      BackendPlugin plugin,
      boolean vote,
      boolean recover,
      Shared shared,
      Clock clock) {
    HmacKey key = Startup.key(config);
    Optional<SslContextFactory.Server> apiTls = Startup.apiTls(config);
    Wiring w = new Wiring(config, plugin, shared, clock);
    PollerPart poller = new PollerPart(new HttpClient(), clock);
    Collectors collectors = w.collectors(key, poller);
    Supplier<MasterVote.Outcome> masterVotes = () -> collectors.masterVote(plugin.backend());
    Addresses addresses = new Addresses(config);
    SelfUrl self = new SelfUrl(addresses, config.port());
    StateWrites writes = new StateWrites();
    Vote votes = vote ? new Vote.Asked(masterVotes) : new Vote.Skipped();
    Ways ways = w.ways(votes, addresses, self, writes);
    DaemonMetrics metrics = w.metrics(writes);
    StandbyView standbyView = w.standbyView(ways.stores(), self);
    Optional<InterlockPart> interlock = w.interlock(poller, metrics);
    Optional<NotifyPart> notifications = w.notifications(metrics);
    LeaderWork work =
        w.leaderWork(
            ways.stores(), poller, collectors, masterVotes, metrics, interlock, notifications);
    Acting acting = w.acting(work, ways, self, recover, standbyView);
    DaemonHealth health = w.health(acting, ways, standbyView, self, metrics, notifications);
    ApiPart api =
        w.api(
            acting,
            ways,
            standbyView,
            health,
            metrics,
            collectors.verifier(),
            apiTls,
            notifications,
            interlock);
    StandbyWarmUp warmUp = w.warmUp(acting, ways.leading(), work, self);
    return new Graph(
        config,
        plugin.backend(),
        poller,
        ways.leading(),
        ways.stores(),
        standbyView,
        acting,
        health,
        api,
        self,
        warmUp,
        interlock,
        notifications,
        recover);
  }

  /**
   * Starts the parts in order, each refusal a {@link StartupException} with its exit code: the
   * poller; the alert interlock (its first try); the master's check and vote; ZooKeeper; the checks
   * of the cluster; with {@code recover}, the check that no state is stored; the leader's work when
   * this daemon leads from its start; the API; the election and, where the leader is elected, a
   * standby's warm-up. Then a failed part is told to {@code supervision}.
   */
  void start(Parts parts, ScheduledExecutorService timers, Supervision supervision) {
    parts.begin(poller);
    interlock.ifPresent(parts::begin);
    notifications.ifPresent(parts::begin);
    leading.beginFirst(parts);
    stores.parts().forEach(parts::begin);
    Startup.checkCollectorUrls(config, backend);
    Startup.checkBalanceInstances(config, backend);
    if (recover) {
      stores.refuseRecoveryOfAStoredState(self.get());
    }
    leading.leadFromTheStart(acting);
    parts.begin(api);
    self.listening(api.port());
    leading.stand(parts, acting, standbyView, timers);
    if (leading.electsAgain()) {
      warmUp.watch(timers, WARM_UP_CHECKS);
    }
    parts.onFailure(acting::partFailed);
    leading.onMasterMoved(supervision::masterMoved);
    Startup.announce(config, api.port());
  }

  /** Ends the leader's work: what a standby shows, the election, then the work itself. */
  void stop() {
    standbyView.close();
    leading.standDown();
    acting.close();
  }
}
