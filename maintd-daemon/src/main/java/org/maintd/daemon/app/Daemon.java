package org.maintd.daemon.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.server.Server;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.backend.ganeti.GanetiBackend;
import org.maintd.daemon.backend.ganeti.RapiClient;
import org.maintd.daemon.backend.ganeti.RapiSettings;
import org.maintd.daemon.backend.sim.PoweredOffReports;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.http.ApiHandler;
import org.maintd.daemon.http.Authenticator;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.poll.CollectorPoller;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.daemon.poll.MasterVote;
import org.maintd.daemon.poll.ReportReader;
import org.maintd.daemon.repair.RepairClient;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.repair.RepairRecordsClient;
import org.maintd.daemon.round.DaemonHealth;
import org.maintd.daemon.round.JobRouter;
import org.maintd.daemon.round.NodeBoard;
import org.maintd.daemon.round.RoundLoop;
import org.maintd.daemon.round.StateHolder;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.incident.Lifecycle;
import org.maintd.signing.HmacKey;
import org.maintd.signing.SignatureVerifier;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.ReportSource;
import org.maintd.spi.StoreException;
import org.maintd.protocol.signing.KeyFiles;
import org.maintd.http.Servers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon, wired by hand from its configuration: store, backend, poller, round loop, HTTP
 * server, and the scheduler that ticks the loop every poll interval. {@link #start} checks that
 * this node is the master (and wins the vote unless told not to); {@link #close} stops
 * everything. A tick that fails because the state cannot be stored stops the loop (health
 * FAILED); a backend failure is logged and retried at the next tick.
 */
public final class Daemon implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Daemon.class);

  private final DaemonConfig config;
  private final Clock clock;
  private final HttpClient http = new HttpClient();
  private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> thread(r, "maintd-rounds"));
  private final ExecutorService repairThreads = Executors.newCachedThreadPool(r -> thread(r, "maintd-repair"));
  private final DaemonHealth health = new DaemonHealth();
  private FileStateStore store;
  private Server server;
  private RoundLoop loop;
  private RapiClient rapi;
  private volatile String self;
  private final CompletableFuture<Integer> exit = new CompletableFuture<>();

  public Daemon(DaemonConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
  }

  public void start(boolean vote) throws Exception {
    start(vote, false);
  }

  /**
   * Starts: checks the master (and the vote), loads the state, and, when there is no state file
   * but the cluster shows maintd's work, refuses to start or, with {@code recover}, rebuilds it.
   */
  public void start(boolean vote, boolean recover) throws Exception {
    HmacKey key = key();
    SignatureVerifier verifier = new SignatureVerifier(key, config.collector().maxSkew());
    http.setMaxConnectionsPerDestination(4);
    http.start();
    CollectorUrls urls = new CollectorUrls(config.collector().urlTemplate(), config.collector().urls());
    SimBackend sim = config.backend().equals("sim") ? simBackend() : null;
    ClusterBackend backend = sim != null ? sim : ganetiBackend();
    self = config.node();
    checkMaster(backend, vote, new MasterVote(http, urls, verifier, config.collector().timeout(), clock));
    CollectorPoller poller = new CollectorPoller(http, urls,
        new ReportReader(new SignatureVerifier(key, config.collector().maxSkew()), config.collector().allowUnsigned()),
        config.collector().timeout(), clock);
    ReportSource reports = sim == null ? poller : new PoweredOffReports(poller, sim, clock);
    Path stateFile = config.stateDir().resolve("state.json");
    store = new FileStateStore(stateFile);
    boolean stored = store.exists();
    if (recover && stored) {
      throw new StartupException(ExitCodes.USAGE, "--recover rebuilds a lost state file, but " + stateFile + " is there;"
          + " start without --recover");
    }
    StateHolder holder = new StateHolder(store, clock);
    if (!stored) {
      new LostState(backend, reports, new RepairRecordsClient(http, urls, verifier, config.collector().timeout(), clock), clock)
          .check(stateFile, recover).ifPresent(r -> holder.update(s -> r.state()));
    }
    holder.update(s -> s.withRoundDelay(config.roundDelay()));
    RepairClient repairClient = new RepairClient(http, urls, key, verifier, config.collector().repairTimeout(), clock);
    JobRouter router = new JobRouter(backend, new RepairJobs(repairClient, repairThreads));
    NodeBoard board = new NodeBoard();
    DaemonMetrics metrics = new DaemonMetrics(holder::get, () -> loop == null ? "" : loop.storm());
    loop = new RoundLoop(holder, backend, router, reports, new Lifecycle(UUID::randomUUID), board, clock,
        config.caps(), config.storm(), config.harep(),
        config.balance() ? config.balanceThreshold() : Double.NaN, metrics);
    loop.onlyWhileMaster(this::stillMaster);
    Authenticator auth = new Authenticator(new SignatureVerifier(key, config.collector().maxSkew()), config.usersFile(), clock);
    server = Servers.newServer(config.bind(), config.port(), config.http().idleTimeout(),
        ApiHandler.of(holder, loop, board, health, auth, sim, metrics, config.http().maxRequestBody()));
    server.start();
    if (config.collector().allowUnsigned()) {
      log.warn("collector.allowUnsigned is true: UNSIGNED REPORTS ARE ACCEPTED; anyone who can reach this daemon's pollers can forge node reports");
    }
    ticker.scheduleWithFixedDelay(this::tick, 0, config.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
    log.info("maintd running on node {}: API on {}:{}, polling every {} ms", config.node(), config.bind(), port(),
        config.pollInterval().toMillis());
  }

  private HmacKey key() {
    try {
      return KeyFiles.read(config.hmacKeyFile(), config.hmacKeyGroup());
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, "hmacKeyFile: " + e.getMessage());
    }
  }

  private SimBackend simBackend() {
    Cluster initial;
    try {
      initial = Files.exists(config.stateDir().resolve("sim/cluster.json")) ? null : ClusterSource.load(config.sim().cluster());
    } catch (IOException | RuntimeException e) {
      throw new StartupException(ExitCodes.FAILURE, "cannot load the simulated cluster " + config.sim().cluster() + ": " + e.getMessage());
    }
    SimSettings settings = new SimSettings(config.sim().cluster(), config.sim().diagnoseDir(),
        config.sim().operationTime(), config.sim().timePerGiB(), config.sim().bootTime(), config.sim().masterFile());
    return new SimBackend(config.stateDir().resolve("sim/cluster.json"), initial, settings, clock);
  }

  private GanetiBackend ganetiBackend() {
    DaemonConfig.Ganeti g = config.ganeti();
    try {
      rapi = new RapiClient(new RapiSettings(g.rapiUrl(), g.certificate(), g.verifyHostname(), g.credentials(), g.timeout(),
          g.readAttempts()));
    } catch (BackendException e) {
      throw new StartupException(ExitCodes.FAILURE, "cannot set up the RAPI client: " + e.getMessage());
    }
    return new GanetiBackend(rapi);
  }

  private void checkMaster(ClusterBackend backend, boolean vote, MasterVote votes) {
    String master;
    try {
      master = backend.master();
    } catch (BackendException e) {
      throw new StartupException(ExitCodes.FAILURE, "cannot ask the cluster who the master is: " + e.getMessage());
    }
    if (!NodeNames.same(master, config.node())) {
      throw new StartupException(ExitCodes.NOT_MASTER, "this node (" + config.node() + ") is not the master (" + master + "); exiting");
    }
    Set<String> nodes = backend.snapshot().nodesByName().keySet();
    for (String named : config.collector().urls().keySet()) {
      if (nodes.stream().noneMatch(n -> NodeNames.same(n, named))) {
        throw new StartupException(ExitCodes.USAGE, "collector.urls." + named + ": no node " + named + " in the cluster (its nodes: "
            + String.join(", ", new java.util.TreeSet<>(nodes)) + ")");
      }
    }
    if (!vote) {
      log.warn("master voting skipped (--no-voting --yes-do-it)");
      return;
    }
    MasterVote.Outcome outcome = votes.vote(nodes);
    if (!outcome.wonBy(config.node())) {
      throw new StartupException(ExitCodes.FAILURE, "lost the master vote: " + outcome.votes() + " of " + outcome.asked()
          + " nodes asked; use --no-voting --yes-do-it only if you are sure this node is the master");
    }
    log.info("master vote won: {} of {} nodes asked", outcome.votes(), outcome.asked());
  }

  private void tick() {
    if (health.state() == DaemonHealth.State.FAILED || exit.isDone()) {
      return;
    }
    try {
      loop.tick();
      health.ticked(clock.instant());
    } catch (StoreException e) {
      log.error("state cannot be stored, automatic actions stopped: {}", e.getMessage());
      health.failed(e.getMessage());
    } catch (BackendException e) {
      log.warn("round skipped, the backend failed: {}", e.getMessage());
      health.transientError(e.getMessage());
    } catch (RuntimeException e) {
      log.error("round failed", e);
      health.transientError(e.toString());
    }
  }

  /**
   * Whether this daemon still acts for the master. When the master role has moved (a campaign
   * fails it over before rebooting the master), the daemon either follows it (the simulated
   * cluster, whose nodes all live in this process) or stops acting and exits with code 11, so that
   * the daemon on the new master goes on from the stored state.
   */
  private boolean stillMaster(Cluster cluster) {
    String master = cluster.master().map(org.maintd.cluster.Node::name).orElse(self);
    if (NodeNames.same(master, self)) {
      return true;
    }
    if (config.backend().equals("sim") && config.sim().followMaster()) {
      log.info("the master role moved from {} to {}; this daemon goes on as the daemon of {}", self, master, master);
      self = master;
      return true;
    }
    log.warn("the master role moved from {} to {}; this daemon stops, the one on {} goes on", self, master, master);
    health.failed("not the master any more: " + master + " is");
    exit.complete(ExitCodes.NOT_MASTER);
    return false;
  }

  /** Completes with an exit code when the daemon stops by itself (the master role moved away). */
  public CompletableFuture<Integer> exit() {
    return exit;
  }

  /** The node this daemon acts for: the master. */
  public String node() {
    return self;
  }

  public int port() {
    return Servers.port(server);
  }

  public DaemonHealth health() {
    return health;
  }

  @Override
  public void close() throws Exception {
    // A tick in progress finishes its state write: interrupting it would close the file channel
    // under the write. Only a tick stuck past the grace period is interrupted.
    ticker.shutdown();
    if (!ticker.awaitTermination(30, TimeUnit.SECONDS)) {
      ticker.shutdownNow();
    }
    repairThreads.shutdownNow();
    if (server != null) {
      server.stop();
    }
    http.stop();
    if (rapi != null) {
      rapi.close();
    }
    if (store != null) {
      store.close();
    }
  }

  private static Thread thread(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
