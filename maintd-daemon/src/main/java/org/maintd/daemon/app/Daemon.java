package org.maintd.daemon.app;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.clock.ClockWatch;
import org.maintd.daemon.clock.Ticker;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.consent.ConsentAsker;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.store.StateCondition;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.http.Router;
import org.maintd.protocol.api.HealthView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon: its object graph built from its configuration in {@link #start} ({@link Graph}, the
 * one place that knows every part and which backend is plugged in) before anything runs, then
 * started; and the parts' life. The parts start in order (poller, leadership, ZooKeeper, the
 * leader's work, API, election) and stop in reverse. How it comes to lead is its {@link Leading};
 * where its state lives, its {@link StateStores}; what a failure does, its {@link Supervision}.
 * Thread-safe.
 */
public final class Daemon implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Daemon.class);

  private final DaemonConfig config;
  private final Clock clock;
  private final Parts parts = new Parts();
  private final ExecutorService repairThreads =
      Executors.newCachedThreadPool(DaemonThreads.named("maintd-repair"));
  private final ScheduledExecutorService timers =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-timers"));
  private final StateCondition stateCondition = new StateCondition();
  private final ConsentAsker consents;
  private final EpochFloor epochs;
  private final Supervision supervision;
  private final Faults faults;
  private final ClockWatch clockWatch;
  private boolean started;
  private volatile BackendPlugin plugin;
  private volatile Graph graph;

  public Daemon(DaemonConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
    this.epochs = EpochFloor.in(config.stateDir().resolve("leader-epoch"));
    this.supervision = new Supervision(config.exitAfterFailure());
    this.faults = new Faults(clock, Ticker.SYSTEM);
    this.clockWatch = ClockWatch.forPolling(clock, Ticker.SYSTEM, faults, config.pollInterval());
    Maintenance.Consent consent = config.maintenance().consent();
    this.consents = new ConsentAsker(consent.directory(), consent.timeout(), clock);
  }

  public void start(boolean vote) {
    start(vote, false);
  }

  /**
   * Builds the daemon's graph, then starts it. With {@code leadership: master}: checks the master
   * (and the vote), loads the state, and, when no state is stored but the cluster shows maintd's
   * work, refuses to start or, with {@code recover}, rebuilds it; then runs. With {@code standby}
   * or {@code zookeeper}: serves the API as a standby at once and takes up the leader's work when
   * elected. Throws {@link StartupException} with the exit code when it cannot start. Starts once.
   */
  public synchronized void start(boolean vote, boolean recover) {
    if (started) {
      throw new IllegalStateException("the daemon was already started");
    }
    started = true;
    watchTheClock();
    plugin = Startup.plugin(config, faults, clock);
    graph =
        Graph.build(
            config,
            plugin,
            vote,
            recover,
            new Graph.Shared(
                parts,
                repairThreads,
                timers,
                stateCondition,
                consents,
                epochs,
                supervision,
                faults,
                clockWatch),
            clock);
    graph.start(parts, timers, supervision);
  }

  /**
   * Compares the wall clock with the monotonic one from the start on (a step while the daemon
   * starts is named too), often enough to name a step within a poll interval.
   */
  private void watchTheClock() {
    long every = ClockWatch.checkEvery(config.pollInterval()).toMillis();
    timers.scheduleWithFixedDelay(clockWatch::check, every, every, TimeUnit.MILLISECONDS);
  }

  /**
   * {@code /1/health}: every part, who leads, the master acted for, the runner's last tick and
   * error.
   */
  public HealthView health() {
    Graph g = graph;
    return g == null ? DaemonHealth.starting(parts.snapshot(), config.node()) : g.health().health();
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
    Graph g = graph;
    return g == null ? config.node() : g.leading().actingFor();
  }

  public int port() {
    return graph.api().port();
  }

  /** Every method and path pattern its API serves, as its router has them. */
  public List<Router.Endpoint> endpoints() {
    return graph.api().endpoints();
  }

  /** Stops the leader's work, then every part, the last started first. */
  @Override
  public void close() {
    timers.shutdownNow();
    Graph g = graph;
    if (g != null) {
      g.stop();
    }
    parts.close();
    repairThreads.shutdownNow();
    consents.close();
    supervision.close();
    BackendPlugin p = plugin;
    if (p != null) {
      try {
        p.resources().close();
      } catch (Exception e) {
        log.warn("releasing the backend: {}", e.getMessage());
      }
    }
  }
}
