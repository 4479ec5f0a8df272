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
import org.maintd.daemon.alerts.PrometheusAlerts;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.consent.ConsentAsker;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.leader.Vote;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.poll.PollerPart;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.store.StateCondition;
import org.maintd.daemon.store.StateWrites;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;

/**
 * The daemon's object graph: every part built from the configuration by {@link #build}, with
 * constructors, before anything runs; then {@link #start}ed in order (poller, the alert interlock,
 * the master's check, ZooKeeper, the leader's work, API, election, a standby's warm-up); {@link
 * #stop} ends the leader's work before the parts stop. Its parts are thread-safe; it is built and
 * started once, on one thread.
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
    boolean recover) {
  private static final Duration STANDBY_READ_WAIT = Duration.ofSeconds(2);

  /** How often a daemon that stands for election looks whether it stands by, until it warms up. */
  private static final Duration WARM_UP_CHECKS = Duration.ofSeconds(1);

  /**
   * How late a scrape may show a change of the daemon's health or leadership: under a load of
   * scrapes they are read once per this, not per scrape (what the meters record shows at once).
   */
  private static final Duration METRICS_RECHECK = Duration.ofMillis(100);

  /** What the daemon keeps from before its start to after its close, shared with the graph. */
  record Shared(
      Parts parts,
      ExecutorService repairThreads,
      ScheduledExecutorService timers,
      StateCondition stateCondition,
      ConsentAsker consents,
      EpochFloor epochs,
      Supervision supervision) {}

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
    SignatureVerifier verifier = new SignatureVerifier(key, config.collector().maxSkew());
    ClusterBackend backend = plugin.backend();
    PollerPart poller = new PollerPart(new HttpClient(), clock);
    Collectors collectors =
        new Collectors(poller.client(), key, verifier, config.collector(), clock);
    poller.readThrough(
        plugin.reports().apply(collectors.poller(config.balance() && config.balanceLoad())));
    Supplier<MasterVote.Outcome> masterVotes = () -> collectors.masterVote(backend);
    Addresses addresses = new Addresses(config);
    SelfUrl self = new SelfUrl(addresses, config.port());
    StateWrites writes = new StateWrites();
    Ways ways =
        Ways.of(
            config,
            new Ways.Sources(
                backend,
                plugin.followsMaster(),
                vote ? new Vote.Asked(masterVotes) : new Vote.Skipped(),
                addresses,
                self,
                shared.epochs(),
                clock,
                writes));
    StateStores stores = ways.stores();
    Leading leading = ways.leading();
    DaemonMetrics metrics =
        new DaemonMetrics(MaintdState.initial(clock.instant()), METRICS_RECHECK, clock);
    metrics.countDenials(shared.stateCondition()::denials);
    metrics.countStateWrites(writes);
    StandbyView standbyView = standbyView(config, stores, self, backend, shared, clock);
    Optional<InterlockPart> interlock = interlock(config, poller, metrics, clock);
    LeaderWork work =
        LeaderWork.of(
            config,
            stores,
            backend,
            poller,
            collectors,
            masterVotes,
            metrics,
            shared.repairThreads(),
            shared.consents(),
            interlock.<AlertSource>map(p -> p).orElse(AlertSource.none()),
            clock);
    Acting acting =
        new Acting(
            (again, failed) ->
                work.open(self.get(), leading.gate(), leading.stillLeads(), again, failed),
            leading,
            recover,
            standbyView,
            shared.supervision(),
            shared.stateCondition(),
            shared.timers(),
            config.pollInterval(),
            () -> stores.peek(self.get()) != null);
    DaemonHealth health =
        new DaemonHealth(
            new DaemonHealth.Sources(
                shared.parts()::snapshot,
                acting,
                leading,
                stores,
                standbyView,
                self,
                shared.stateCondition(),
                shared.epochs()),
            config.ha().leadership().noLeaderAfter(),
            clock);
    metrics.watch(health::state);
    metrics.watchLeadership(health::status, stores.connected().isPresent());
    ApiPart api =
        DaemonApi.of(
            config,
            plugin,
            acting,
            new ServedView(acting::work, standbyView, leading),
            health::health,
            metrics,
            verifier,
            stores::usedSignatures,
            apiTls,
            clock);
    StandbyWarmUp warmUp =
        new StandbyWarmUp(
            () -> acting.work() == null && !leading.leads() && !leading.leaderUrl().isEmpty(),
            () -> work.warmUp(self.get()));
    return new Graph(
        config,
        backend,
        poller,
        leading,
        stores,
        standbyView,
        acting,
        health,
        api,
        self,
        warmUp,
        interlock,
        recover);
  }

  /** What a standby shows: the stored state as it last read it, with the cluster's snapshot. */
  private static StandbyView standbyView(
      DaemonConfig config,
      StateStores stores,
      SelfUrl self,
      ClusterBackend backend,
      Shared shared,
      Clock clock) {
    return new StandbyView(
        () -> stores.peek(self.get()),
        backend,
        clock,
        config.pollInterval(),
        STANDBY_READ_WAIT,
        shared.stateCondition());
  }

  /**
   * The alert interlock, asking Prometheus over the poller's client every poll interval, its
   * reading shown in the metrics; none when no interlock is configured.
   */
  private static Optional<InterlockPart> interlock(
      DaemonConfig config, PollerPart poller, DaemonMetrics metrics, Clock clock) {
    return config
        .maintenance()
        .alertInterlock()
        .map(
            i -> {
              InterlockPart part =
                  new InterlockPart(
                      new PrometheusAlerts(poller.client(), i), i, config.pollInterval(), clock);
              metrics.watchAlerts(part::status);
              return part;
            });
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
