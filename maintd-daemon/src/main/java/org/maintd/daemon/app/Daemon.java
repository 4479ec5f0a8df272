package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.consent.ConsentAsker;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.leader.Leadership;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.poll.PollerPart;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.StateCondition;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.daemon.zookeeper.ZooKeeperConnection;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon: its object graph built from its configuration in {@link #start}, the one place that
 * knows every part and which backend is plugged in, and the parts' life. The parts start in order
 * (poller, leadership, ZooKeeper, the leader's work, API, election) and stop in reverse. How it
 * comes to lead is its {@link Leading}; where its state lives, its {@link StateStores}; what a
 * failure does, its {@link Supervision}. Thread-safe.
 */
public final class Daemon implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Daemon.class);
  private static final Duration STANDBY_READ_WAIT = Duration.ofSeconds(2);

  private final DaemonConfig config;
  private final Clock clock;
  private final Addresses addresses;
  private final Parts parts = new Parts();
  private final ExecutorService repairThreads =
      Executors.newCachedThreadPool(DaemonThreads.named("maintd-repair"));
  private final ScheduledExecutorService timers =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-timers"));
  private final StateCondition stateCondition = new StateCondition();
  private final ConsentAsker consents;
  private final EpochFloor epochs;
  private final Supervision supervision;
  private volatile DaemonHealth health;
  private boolean started;
  private BackendPlugin plugin;
  private Leading leading;
  private Acting acting;
  private StandbyView standbyView;
  private ApiPart api;

  public Daemon(DaemonConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
    this.addresses = new Addresses(config);
    this.epochs = EpochFloor.in(config.stateDir().resolve("leader-epoch"));
    this.supervision = new Supervision(config.exitAfterFailure());
    DaemonConfig.Consent consent = config.maintenance().consent();
    this.consents = new ConsentAsker(consent.directory(), consent.timeout(), clock);
  }

  public void start(boolean vote) {
    start(vote, false);
  }

  /**
   * Starts. With {@code leadership: master}: checks the master (and the vote), loads the state,
   * and, when no state is stored but the cluster shows maintd's work, refuses to start or, with
   * {@code recover}, rebuilds it; then runs. With {@code standby} or {@code zookeeper}: serves the
   * API as a standby at once and takes up the leader's work when elected. Throws {@link
   * StartupException} with the exit code when it cannot start. Starts once.
   */
  public synchronized void start(boolean vote, boolean recover) {
    if (started) {
      throw new IllegalStateException("the daemon was already started");
    }
    started = true;
    HmacKey key = Startup.key(config);
    SslContextFactory.Server apiTls = Startup.apiTls(config);
    SignatureVerifier verifier = new SignatureVerifier(key, config.collector().maxSkew());
    plugin = Startup.plugin(config, clock);
    ClusterBackend backend = plugin.backend();
    PollerPart poller = parts.begin(new PollerPart(new HttpClient(), clock));
    Collectors collectors =
        new Collectors(poller.client(), key, verifier, config.collector(), clock);
    Supplier<MasterVote.Outcome> masterVotes = () -> collectors.masterVote(backend);
    Supplier<MasterVote.Outcome> votes = vote ? masterVotes : null;
    Leadership leadership =
        parts.beginIf(Startup.leadership(config, plugin, backend, votes, clock));
    ZooKeeperConnection zookeeper = parts.beginIf(Startup.zooKeeper(config, clock));
    Startup.checkCollectorUrls(config, backend);
    Startup.checkBalanceInstances(config, backend);
    poller.readThrough(
        plugin.reports().apply(collectors.poller(config.balance() && config.balanceLoad())));
    DaemonMetrics metrics = new DaemonMetrics(MaintdState.initial(clock.instant()));
    metrics.watch(this::health);
    metrics.countDenials(stateCondition::denials);
    leading =
        Leading.of(config, leadership, zookeeper, backend, votes, addresses, this::selfUrl, clock);
    Election election = leading.election();
    StateStores stores = StateStores.of(config, zookeeper, epochs, election, clock);
    standbyView = standbyView(stores, backend);
    if (recover) {
      stores.refuseRecoveryOfAStoredState(selfUrl());
    }
    health = health(election, zookeeper);
    metrics.watchLeadership(health::status, zookeeper != null);
    LeaderWork work =
        LeaderWork.of(
            config,
            stores,
            backend,
            poller,
            collectors,
            masterVotes,
            metrics,
            repairThreads,
            consents,
            clock);
    acting = acting(work, recover, election, stores);
    leading.leadFromTheStart(acting, () -> openWork(work, recover));
    api =
        parts.begin(
            DaemonApi.of(
                config,
                plugin,
                acting,
                this::health,
                metrics,
                verifier,
                stores::usedSignatures,
                apiTls,
                clock));
    leading.stand(parts, acting, standbyView, timers);
    parts.onFailure(this::partFailed);
    leading.onMasterMoved(supervision::masterMoved);
    Startup.announce(config, port());
  }

  /** What a standby shows: the stored state, read when asked and at most every poll interval. */
  private StandbyView standbyView(StateStores stores, ClusterBackend backend) {
    return new StandbyView(
        () -> stores.peek(selfUrl()),
        backend,
        clock,
        config.pollInterval(),
        STANDBY_READ_WAIT,
        stateCondition);
  }

  private DaemonHealth health(Election election, ZooKeeperConnection zookeeper) {
    return new DaemonHealth(
        new DaemonHealth.Sources(
            parts::snapshot,
            () -> acting,
            election,
            zookeeper,
            standbyView,
            this::selfUrl,
            this::node,
            stateCondition,
            epochs),
        config.ha().zookeeper().sessionTimeout(),
        clock);
  }

  /** Takes up the leader's work when elected (at once when no election), and stands down. */
  private Acting acting(LeaderWork work, boolean recover, Election election, StateStores stores) {
    AtomicBoolean toRecover = new AtomicBoolean(recover);
    return new Acting(
        () -> {
          Work opened = openWork(work, toRecover.get());
          toRecover.set(false);
          return opened;
        },
        election,
        standbyView,
        this::leaderFailed,
        stateCondition,
        timers,
        config.pollInterval(),
        () -> stores.peek(selfUrl()) != null);
  }

  private Work openWork(LeaderWork work, boolean recover) {
    return work.open(selfUrl(), leading.gate(), leading.stillLeads(), recover, this::partFailed);
  }

  /** This daemon's URL, as the others name it when it leads. */
  public String selfUrl() {
    return addresses.self(api != null ? api.port() : config.port());
  }

  /** The leader's work could not be opened for a reason no new election cures: the daemon fails. */
  private void leaderFailed(RuntimeException e) {
    log.error("cannot take up the leader's work: {}", e.getMessage());
    leading.election().part().failed(e);
  }

  /** A part failed: what acts stops (unless a new election may cure it), then the daemon exits. */
  private void partFailed(Part failed) {
    supervision.failed(
        failed,
        f -> acting != null && acting.standAgainIf(f),
        () -> {
          Election election = leading == null ? null : leading.election();
          if (election != null) {
            election.part().close();
          }
          Work work = acting == null ? null : acting.work();
          if (work != null) {
            work.runnerPart().close();
          }
        });
  }

  /**
   * {@code /1/health}: every part, who leads, the master acted for, the runner's last tick and
   * error.
   */
  public HealthView health() {
    DaemonHealth h = health;
    return h == null ? DaemonHealth.starting(parts.snapshot(), config.node()) : h.health();
  }

  /**
   * Completes with an exit code when the daemon stops by itself: 1 when it failed, 11 when the
   * master role moved.
   */
  public CompletableFuture<Integer> exit() {
    return supervision.exit();
  }

  /** Why the daemon failed, or empty. */
  public String failure() {
    return health().last_error();
  }

  /** The node this daemon acts for: the master. */
  public String node() {
    return leading == null ? config.node() : leading.actingFor();
  }

  public int port() {
    return api.port();
  }

  /** Stops the leader's work, then every part, the last started first. */
  @Override
  public void close() {
    timers.shutdownNow();
    if (standbyView != null) {
      standbyView.close();
    }
    Election election = leading == null ? null : leading.election();
    if (election != null) {
      election.part().close();
    }
    if (acting != null) {
      acting.close();
    }
    parts.close();
    repairThreads.shutdownNow();
    consents.close();
    supervision.close();
    if (plugin != null) {
      try {
        plugin.resources().close();
      } catch (Exception e) {
        log.warn("releasing the backend: {}", e.getMessage());
      }
    }
  }
}
