package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.HttpClient;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.backend.ganeti.GanetiPlugin;
import org.maintd.daemon.backend.sim.SimPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.http.ApiRoutes;
import org.maintd.daemon.http.ApiServer;
import org.maintd.daemon.http.Authenticator;
import org.maintd.daemon.leader.Leadership;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.poll.CollectorPoller;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.daemon.poll.PollerPart;
import org.maintd.daemon.poll.ReportReader;
import org.maintd.daemon.repair.RepairClient;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.repair.RepairRecordsClient;
import org.maintd.daemon.runner.CommandGateway;
import org.maintd.daemon.runner.CrashPoint;
import org.maintd.daemon.runner.JobRouter;
import org.maintd.daemon.runner.RoundRunner;
import org.maintd.daemon.runner.RunnerPart;
import org.maintd.daemon.runner.StateWriter;
import org.maintd.daemon.service.HealthReport;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.StorePart;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.signing.KeyFiles;
import org.maintd.round.RoundStep;
import org.maintd.round.Settings;
import org.maintd.signing.HmacKey;
import org.maintd.signing.SignatureVerifier;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
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

  private final DaemonConfig config;
  private final Clock clock;
  private final List<Part> parts = new ArrayList<>();
  private final ExecutorService repairThreads =
      Executors.newCachedThreadPool(r -> thread(r, "maintd-repair"));
  private final ScheduledExecutorService exitTimer =
      Executors.newSingleThreadScheduledExecutor(r -> thread(r, "maintd-exit"));
  private final CompletableFuture<Integer> exit = new CompletableFuture<>();
  private boolean started;
  private BackendPlugin plugin;
  private Leadership leadership;
  private RunnerPart runnerPart;
  private ApiPart api;

  public Daemon(DaemonConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
  }

  public void start(boolean vote) {
    start(vote, false);
  }

  /**
   * Starts: checks the master (and the vote), loads the state, and, when there is no state file but
   * the cluster shows maintd's work, refuses to start or, with {@code recover}, rebuilds it. Throws
   * {@link StartupException} with the exit code when it cannot start. Starts once.
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
    PollerPart poller = begin(new PollerPart(new HttpClient(), clock));
    HttpClient http = poller.client();
    leadership =
        begin(
            new Leadership(
                config.node(),
                backend,
                vote
                    ? () ->
                        new MasterVote(http, urls, verifier, config.collector().timeout(), clock)
                            .vote(backend.snapshot().nodesByName().keySet())
                    : null,
                plugin.followsMaster(),
                clock));
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
    StateWriter writer =
        state(
            begin(new StorePart(config.stateDir().resolve("state.json"), clock)),
            recover,
            new LostState(
                backend,
                poller,
                new RepairRecordsClient(http, urls, verifier, config.collector().timeout(), clock),
                clock));
    RepairClient repairs =
        new RepairClient(http, urls, key, verifier, config.collector().repairTimeout(), clock);
    DaemonMetrics metrics = new DaemonMetrics(writer.stored());
    metrics.watch(this::health);
    RoundRunner runner =
        new RoundRunner(
            new RoundRunner.Parts(
                new RoundStep(settings(), UUID::randomUUID),
                backend,
                new JobRouter(backend, new RepairJobs(repairs, repairThreads)),
                poller,
                writer,
                new CrashPoint(),
                clock,
                metrics,
                leadership::stillMaster));
    runnerPart = begin(new RunnerPart(runner, config.pollInterval(), clock));
    Authenticator auth = new Authenticator(verifier, config.usersFile(), clock);
    api =
        begin(
            new ApiPart(
                ApiServer.newServer(
                    config.bind(),
                    config.port(),
                    ApiRoutes.of(
                        new ApiRoutes.Sources(
                            runner::view,
                            new CommandGateway(runner, runnerPart.commandThread(), COMMAND_WAIT),
                            this::health,
                            metrics::scrape),
                        plugin.routes()),
                    auth,
                    new ApiServer.Limits(
                        config.http().idleTimeout(), config.http().maxRequestBody())),
                clock));
    parts.forEach(p -> p.onFailure(this::partFailed));
    leadership.moved().thenRun(() -> exit.complete(ExitCodes.NOT_MASTER));
    announce();
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
        config.balance() ? config.balanceThreshold() : Double.NaN);
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
  private StateWriter state(StorePart store, boolean recover, LostState lost) {
    boolean stored = store.exists();
    if (recover && stored) {
      throw new StartupException(
          ExitCodes.USAGE,
          "--recover rebuilds a lost state file, but "
              + store.file()
              + " is there; start without --recover");
    }
    StateWriter writer = new StateWriter(store, clock);
    if (!stored) {
      try {
        lost.check(store.file(), recover).ifPresent(r -> writer.write(r.state()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new StartupException(
            ExitCodes.FAILURE, "interrupted while looking for maintd's work in the cluster");
      }
    }
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
    log.error(
        "maintd has failed ({}: {}); automatic actions stopped; exiting with code {} in {} s so that systemd"
            + " restarts it",
        failed.name(),
        failed.cause(),
        ExitCodes.FAILURE,
        config.exitAfterFailure().toSeconds());
    exitTimer.execute(
        () -> {
          if (failed != runnerPart) {
            runnerPart.close();
          }
        });
    exitTimer.schedule(
        () -> exit.complete(ExitCodes.FAILURE),
        config.exitAfterFailure().toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /** {@code /1/health}: every part, the master acted for, the runner's last tick and error. */
  public HealthView health() {
    List<Part> now;
    synchronized (this) {
      now = List.copyOf(parts);
    }
    return HealthReport.of(
        now,
        node(),
        runnerPart == null ? null : runnerPart.lastTick(),
        runnerPart == null ? "" : runnerPart.lastError());
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

  /** Stops every part, the last started first. */
  @Override
  public void close() {
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

  private static Thread thread(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
