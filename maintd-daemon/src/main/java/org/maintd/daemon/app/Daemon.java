package org.maintd.daemon.app;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.backend.ganeti.GanetiPlugin;
import org.maintd.daemon.backend.sim.SimPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.http.ApiRoutes;
import org.maintd.daemon.http.ApiServer;
import org.maintd.daemon.http.ApiTls;
import org.maintd.daemon.http.Authenticator;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.leader.Leadership;
import org.maintd.daemon.leader.MasterGate;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.leader.MasterWatch;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.poll.CollectorPoller;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.daemon.poll.PollerPart;
import org.maintd.daemon.poll.ReportReader;
import org.maintd.daemon.repair.NodeCommandJobs;
import org.maintd.daemon.repair.RepairClient;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.repair.RepairRecordsClient;
import org.maintd.daemon.runner.CommandGateway;
import org.maintd.daemon.runner.CrashPoint;
import org.maintd.daemon.runner.Gate;
import org.maintd.daemon.runner.JobRouter;
import org.maintd.daemon.runner.RoundRunner;
import org.maintd.daemon.runner.RunnerPart;
import org.maintd.daemon.runner.StateWriter;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.service.HealthReport;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.FileSignatures;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.store.StateCondition;
import org.maintd.daemon.store.StorePart;
import org.maintd.daemon.zookeeper.ChrootAcls;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.daemon.zookeeper.ZooKeeperConnection;
import org.maintd.daemon.zookeeper.ZooKeeperElection;
import org.maintd.daemon.zookeeper.ZooKeeperGate;
import org.maintd.daemon.zookeeper.ZooKeeperIdentity;
import org.maintd.daemon.zookeeper.ZooKeeperSignatures;
import org.maintd.daemon.zookeeper.ZooKeeperStateStore;
import org.maintd.daemon.zookeeper.ZooKeeperTakeover;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.signing.KeyFiles;
import org.maintd.recovery.Recovery;
import org.maintd.round.RoundStep;
import org.maintd.round.Settings;
import org.maintd.signing.HmacKey;
import org.maintd.signing.SignatureVerifier;
import org.maintd.signing.UsedSignatures;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon: its object graph built from its configuration in {@link #start}, the one place that
 * knows every part and which backend is plugged in, and the parts' life. The parts start in order
 * (poller, leadership, store, runner after its first tick, API) and stop in reverse. When one
 * fails, the runner stops submitting, {@code /1/health} says why, and {@link #exit} completes with
 * code 1 after {@code exitAfterFailure}, so that systemd restarts the daemon; when the master role
 * moves away, it completes with code 11. Thread-safe.
 */
public final class Daemon implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Daemon.class);
  private static final Duration COMMAND_WAIT = Duration.ofSeconds(60);
  private static final Duration STANDBY_READ_WAIT = Duration.ofSeconds(2);

  private final DaemonConfig config;
  private final Clock clock;
  private final List<Part> parts = new ArrayList<>();
  private final ExecutorService repairThreads =
      Executors.newCachedThreadPool(DaemonThreads.named("maintd-repair"));
  private final ScheduledExecutorService exitTimer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-exit"));
  private final ScheduledExecutorService timers =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-timers"));
  private final StateCondition stateCondition = new StateCondition();
  private final EpochFloor epochs;
  private volatile DaemonHealth health;
  private final CompletableFuture<Integer> exit = new CompletableFuture<>();
  private boolean started;
  private BackendPlugin plugin;
  private Leadership leadership;
  private ZooKeeperConnection zookeeper;
  private Election election;
  private Acting acting;
  private StandbyView standbyView;
  private PollerPart poller;
  private Supplier<MasterVote.Outcome> masterVotes;
  private DaemonMetrics metrics;
  private ApiPart api;

  public Daemon(DaemonConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
    this.epochs = EpochFloor.in(config.stateDir().resolve("leader-epoch"));
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
    HmacKey key = key();
    SignatureVerifier verifier = new SignatureVerifier(key, config.collector().maxSkew());
    plugin = plugin();
    ClusterBackend backend = plugin.backend();
    CollectorUrls urls =
        new CollectorUrls(config.collector().urlTemplate(), config.collector().urls());
    poller = begin(new PollerPart(new HttpClient(), clock));
    HttpClient http = poller.client();
    masterVotes =
        () ->
            new MasterVote(http, urls, verifier, config.collector().timeout(), clock)
                .vote(backend.snapshot().nodesByName().keySet());
    Supplier<MasterVote.Outcome> votes = vote ? masterVotes : null;
    String mode = config.ha().leadership();
    if (mode.equals("master")) {
      leadership =
          begin(new Leadership(config.node(), backend, votes, plugin.followsMaster(), clock));
    }
    zookeeper =
        config.store().equals("zookeeper")
            ? begin(new ZooKeeperConnection(config.ha().zookeeper(), zooKeeperIdentity(), clock))
            : null;
    checkCollectorUrls(backend);
    poller.readThrough(
        plugin
            .reports()
            .apply(
                new CollectorPoller(
                    http,
                    urls,
                    new ReportReader(verifier, config.collector().allowUnsigned()),
                    config.collector().timeout(),
                    clock)));
    LostState lost =
        new LostState(
            backend,
            poller,
            new RepairRecordsClient(http, urls, verifier, config.collector().timeout(), clock),
            clock);
    RepairClient repairs =
        new RepairClient(http, urls, key, verifier, config.collector().repairTimeout(), clock);
    metrics = new DaemonMetrics(MaintdState.initial(clock.instant()));
    metrics.watch(this::health);
    election =
        switch (mode) {
          case "zookeeper" -> new ZooKeeperElection(zookeeper, this::selfUrl, clock);
          case "standby" ->
              new MasterWatch(
                  config.node(),
                  backend,
                  votes,
                  config.pollInterval(),
                  (config.http().https() ? "https://" : "http://") + "{node}:" + config.port(),
                  clock);
          default -> null;
        };
    standbyView =
        new StandbyView(
            this::peekState,
            backend,
            clock,
            config.pollInterval(),
            STANDBY_READ_WAIT,
            stateCondition);
    if (recover && zookeeper != null) {
      refuseRecoveryOfAStoredState();
    }
    health =
        new DaemonHealth(
            new DaemonHealth.Sources(
                this::snapshotOfParts,
                () -> acting,
                election,
                zookeeper,
                standbyView,
                this::selfUrl,
                this::node),
            stateCondition,
            epochs,
            config.ha().zookeeper().sessionTimeout(),
            clock);
    metrics.watchLeadership(health::status, zookeeper != null);
    AtomicBoolean toRecover = new AtomicBoolean(recover);
    acting =
        new Acting(
            () -> {
              Work w = openWork(backend, repairs, lost, toRecover.get());
              toRecover.set(false);
              return w;
            },
            election,
            standbyView,
            this::leaderFailed,
            stateCondition,
            timers,
            config.pollInterval(),
            () -> peekState() != null);
    if (election == null) {
      acting.leadNow(openWork(backend, repairs, lost, recover));
    }
    Authenticator auth =
        new Authenticator(verifier, config.usersFile(), clock, usedSignatures(verifier));
    api =
        begin(
            new ApiPart(
                ApiServer.newServer(
                    config.bind(),
                    config.port(),
                    ApiRoutes.of(
                        new ApiRoutes.Sources(
                            acting::view, acting::apply, this::health, metrics::scrape),
                        plugin.routes()),
                    auth,
                    new ApiServer.Limits(
                        config.http().idleTimeout(), config.http().maxRequestBody()),
                    apiTls(),
                    () -> acting.readHeaders(clock.instant())),
                clock));
    if (election != null) {
      standbyView.watch(timers, () -> acting.work() == null);
      election.listen(acting);
      begin((Part) election);
    }
    parts.forEach(p -> p.onFailure(this::partFailed));
    if (leadership != null) {
      leadership.moved().thenRun(() -> exit.complete(ExitCodes.NOT_MASTER));
    }
    announce();
  }

  /**
   * The leader's work: the store opened (in ZooKeeper, taken over under a new epoch, then the fence
   * waited out), the state loaded or rebuilt, the runner started after its first tick.
   */
  private Work openWork(
      ClusterBackend backend, RepairClient repairs, LostState lost, boolean recover) {
    ZooKeeperStateStore zkStore =
        zookeeper == null
            ? null
            : new ZooKeeperStateStore(zookeeper.client(), selfUrl(), epochFloor());
    StorePart store =
        zkStore == null
            ? new StorePart(stateFile().toString(), () -> new FileStateStore(stateFile()), clock)
            : new StorePart(zkStore.where(), () -> zkStore, clock);
    store.start();
    RunnerPart runnerPart = null;
    try {
      StateWriter writer =
          state(
              store,
              recover,
              lost,
              () -> {
                if (zkStore != null) {
                  new ZooKeeperTakeover(
                          zookeeper, election, config.ha().zookeeper().fenceWait(), clock)
                      .takeOver(zkStore);
                }
              });
      RoundRunner runner =
          new RoundRunner(
              new RoundRunner.Parts(
                  new RoundStep(settings(), UUID::randomUUID),
                  backend,
                  new JobRouter(
                      backend,
                      new RepairJobs(repairs, repairThreads),
                      nodeCommands(backend, repairs, masterVotes)),
                  poller,
                  writer,
                  new CrashPoint(),
                  clock,
                  metrics,
                  gate(zkStore)));
      runnerPart = new RunnerPart(runner, config.pollInterval(), clock);
      runnerPart.start();
      runnerPart.onFailure(this::partFailed);
      store.onFailure(this::partFailed);
      return new Work(
          store,
          runnerPart,
          runner,
          new CommandGateway(runner, runnerPart.commandThread(), COMMAND_WAIT));
    } catch (RuntimeException e) {
      if (runnerPart != null) {
        runnerPart.close();
      }
      store.close();
      throw e;
    }
  }

  /** Reboots and master fail-overs through the collectors, when configured so; else null. */
  private NodeCommandJobs nodeCommands(
      ClusterBackend backend, RepairClient repairs, Supplier<MasterVote.Outcome> votes) {
    DaemonConfig.NodeCommands n = config.nodeCommands();
    boolean reboots = DaemonConfig.NodeCommands.byCollector(n.reboot(), config.backend());
    boolean failovers = DaemonConfig.NodeCommands.byCollector(n.masterFailover(), config.backend());
    if (!reboots && !failovers) {
      return null;
    }
    return new NodeCommandJobs(
        repairs,
        repairThreads,
        backend,
        new NodeCommandJobs.Routing(
            reboots,
            n.rebootCommand(),
            failovers,
            n.masterFailoverCommand(),
            n.masterFailoverWait()),
        to -> votes.get().wonBy(to),
        clock);
  }

  /**
   * When the runner may act: it leads (the master's daemon while the role stays; elected; a standby
   * whose node is the master) and, with the state in ZooKeeper, its connection is up and no one
   * else has written the state since it did.
   */
  private Gate gate(ZooKeeperStateStore store) {
    Gate leads =
        leadership != null
            ? MasterGate.of(leadership)
            : election instanceof MasterWatch watch
                ? MasterGate.of(watch, config.node())
                : cluster -> election.leads();
    if (store == null) {
      return leads;
    }
    return new ZooKeeperGate(
        zookeeper,
        store,
        config.ha().zookeeper().sessionTimeout(),
        leads,
        election == null ? () -> true : election::leads);
  }

  /**
   * {@code --recover} with the state in ZooKeeper: refused while a state is stored (another daemon
   * leads on it, or it is only unreadable: import a good one), naming the leader.
   */
  private void refuseRecoveryOfAStoredState() {
    ZooKeeperStateStore store =
        new ZooKeeperStateStore(zookeeper.client(), selfUrl(), epochFloor());
    if (!store.exists()) {
      return;
    }
    String leader;
    try {
      leader = ZooKeeperElection.currentLeader(zookeeper.client());
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

  /** Where signed requests are remembered: beside the state, where every daemon sees them. */
  private UsedSignatures usedSignatures(SignatureVerifier verifier) {
    Duration window = Authenticator.window(verifier);
    return zookeeper != null
        ? new ZooKeeperSignatures(zookeeper::client, window)
        : new FileSignatures(config.stateDir().resolve("used-signatures.json"), window);
  }

  /** The highest leader epoch this daemon has seen, kept beside its other files. */
  private EpochFloor epochFloor() {
    return epochs;
  }

  /** The API's TLS, when configured; a certificate or key that cannot be used refuses the start. */
  private SslContextFactory.Server apiTls() {
    if (!config.http().https()) {
      return null;
    }
    try {
      return ApiTls.of(config.http().certificate(), config.http().key());
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    }
  }

  /** Who maintd is to ZooKeeper; a credentials file that cannot be used refuses the start. */
  private ZooKeeperIdentity zooKeeperIdentity() {
    try {
      return ZooKeeperIdentity.of(config.ha().zookeeper());
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    }
  }

  /** The stored state as a standby reads it (null: none). */
  private MaintdState peekState() {
    if (zookeeper != null) {
      ZooKeeperStateStore.Read r =
          new ZooKeeperStateStore(zookeeper.client(), selfUrl(), epochFloor()).peek();
      return r == null ? null : r.state();
    }
    return FileStateStore.peek(stateFile());
  }

  private Path stateFile() {
    return config.stateDir().resolve("state.json");
  }

  /**
   * This daemon's URL, as the others name it when it leads: {@code advertiseUrl}, else its bind
   * address (its node's name when it listens on every address) and port.
   */
  public String selfUrl() {
    if (config.ha().advertiseUrl() != null) {
      return config.ha().advertiseUrl();
    }
    String host =
        config.bind().equals("0.0.0.0") || config.bind().equals("::")
            ? config.node()
            : config.bind();
    return (config.http().https() ? "https://" : "http://")
        + (host.contains(":") ? "[" + host + "]" : host)
        + ":"
        + (api != null ? api.port() : config.port());
  }

  /** The leader's work could not be opened for a reason no new election cures: the daemon fails. */
  private void leaderFailed(RuntimeException e) {
    log.error("cannot take up the leader's work: {}", e.getMessage());
    ((Part) election).failed(e);
  }

  private BackendPlugin plugin() {
    try {
      return config.backend().equals("sim") ? SimPlugin.of(config, clock) : GanetiPlugin.of(config);
    } catch (BackendException e) {
      throw new StartupException(ExitCodes.FAILURE, e.getMessage());
    }
  }

  private Settings settings() {
    return new Settings(
        config.caps(),
        config.storm(),
        config.harep(),
        config.balance() ? config.balanceThreshold() : Double.NaN,
        config.nodeCommands().hardRebootAfter());
  }

  /** Starts {@code part}, translating a refused leadership into the exit code it means. */
  private <P extends Part> P begin(P part) {
    parts.add(part);
    try {
      part.start();
    } catch (Leadership.Refused e) {
      throw new StartupException(
          e.reason() == Leadership.Refused.Reason.NOT_MASTER
              ? ExitCodes.NOT_MASTER
              : ExitCodes.FAILURE,
          e.getMessage());
    } catch (ChrootAcls.Refused e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    } catch (StartupException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new StartupException(ExitCodes.FAILURE, part.name() + ": " + e.getMessage());
    }
    return part;
  }

  /**
   * The stored state, rebuilt when it is lost and the cluster shows maintd's work (with {@code
   * recover}).
   */
  private StateWriter state(StorePart store, boolean recover, LostState lost, Runnable claim) {
    boolean stored = store.exists();
    if (recover && stored) {
      throw new StartupException(
          ExitCodes.USAGE,
          "--recover rebuilds a lost state, but "
              + store.where()
              + " holds one; start without --recover");
    }
    Optional<Recovery.Recovered> recovered = Optional.empty();
    if (!stored) {
      try {
        recovered = lost.check(store.where(), recover);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new StartupException(
            ExitCodes.FAILURE, "interrupted while looking for maintd's work in the cluster");
      }
    }
    claim.run();
    StateWriter writer = new StateWriter(store, clock);
    recovered.ifPresent(r -> writer.write(r.state()));
    writer.write(writer.stored().withRoundDelay(config.roundDelay()));
    writer.create();
    return writer;
  }

  private HmacKey key() {
    try {
      return KeyFiles.read(config.hmacKeyFile(), config.hmacKeyGroup());
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, "hmacKeyFile: " + e.getMessage());
    }
  }

  private void checkCollectorUrls(ClusterBackend backend) {
    Set<String> nodes = backend.snapshot().nodesByName().keySet();
    for (String named : config.collector().urls().keySet()) {
      if (nodes.stream().noneMatch(n -> NodeNames.same(n, named))) {
        throw new StartupException(
            ExitCodes.USAGE,
            "collector.urls."
                + named
                + ": no node "
                + named
                + " in the cluster (its nodes: "
                + String.join(", ", new TreeSet<>(nodes))
                + ")");
      }
    }
  }

  private void announce() {
    if (config.collector().allowUnsigned()) {
      log.warn(
          "collector.allowUnsigned is true: UNSIGNED REPORTS ARE ACCEPTED; anyone who can reach this daemon's"
              + " pollers can forge node reports");
    }
    log.info(
        "maintd running on node {}: API on {}:{}, polling every {} ms",
        config.node(),
        config.bind(),
        port(),
        config.pollInterval().toMillis());
  }

  /**
   * A part failed: nothing more is submitted, and the daemon exits once the grace period is over.
   */
  private void partFailed(Part failed) {
    if (acting != null && acting.standAgainIf(failed)) {
      return;
    }
    log.error(
        "maintd has failed ({}: {}); automatic actions stopped; exiting with code {} in {} s so that systemd"
            + " restarts it",
        failed.name(),
        failed.cause(),
        ExitCodes.FAILURE,
        config.exitAfterFailure().toSeconds());
    exitTimer.execute(
        () -> {
          if (election != null) {
            ((Part) election).close();
          }
          Work work = acting == null ? null : acting.work();
          if (work != null) {
            work.runnerPart().close();
          }
        });
    exitTimer.schedule(
        () -> exit.complete(ExitCodes.FAILURE),
        config.exitAfterFailure().toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /**
   * {@code /1/health}: every part, who leads, the master acted for, the runner's last tick and
   * error.
   */
  public HealthView health() {
    DaemonHealth h = health;
    if (h == null) {
      return HealthReport.of(
          snapshotOfParts(),
          List.of(),
          new HealthReport.Leading(false, "", config.node()),
          null,
          "",
          List.of(),
          List.of());
    }
    return h.health();
  }

  private synchronized List<Part> snapshotOfParts() {
    return new ArrayList<>(parts);
  }

  /**
   * Completes with an exit code when the daemon stops by itself: 1 when it failed, 11 when the
   * master role moved.
   */
  public CompletableFuture<Integer> exit() {
    return exit;
  }

  /** Why the daemon failed, or empty. */
  public String failure() {
    return health().last_error();
  }

  /** The node this daemon acts for: the master. */
  public String node() {
    return leadership == null ? config.node() : leadership.leader();
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
    if (election != null) {
      ((Part) election).close();
    }
    if (acting != null) {
      acting.close();
    }
    List<Part> stopping;
    synchronized (this) {
      stopping = new ArrayList<>(parts);
    }
    Collections.reverse(stopping);
    for (Part p : stopping) {
      try {
        p.close();
      } catch (RuntimeException e) {
        log.warn("stopping {}: {}", p.name(), e.getMessage());
      }
    }
    repairThreads.shutdownNow();
    exitTimer.shutdownNow();
    if (plugin != null) {
      try {
        plugin.resources().close();
      } catch (Exception e) {
        log.warn("releasing the backend: {}", e.getMessage());
      }
    }
  }
}
