package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.maintd.daemon.alerts.InterlockStatus;
import org.maintd.daemon.faults.Fault;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.notify.ReceiverStatus;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.daemon.store.StateWrites;
import org.maintd.round.FinishedJob;
import org.maintd.round.StepResult;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;

/**
 * The daemon's metrics, served in Prometheus' text format on {@code GET /metrics}: rounds, tick and
 * poll durations, jobs by owner, kind and result, incidents by status, collectors by health,
 * rejected reports by reason, whether automatic actions are paused or a storm is seen, whether
 * planned work is held and by what, the alert interlock's reading, whether the daemon has failed,
 * the gauges of planned work, and when the daemon last polled and a campaign last moved; each area
 * registers its own ({@link CollectorMetrics}, {@link RepairGauges}, {@link PlanGauges}, {@link
 * WorkGauges}, {@link FreshnessGauges}, {@link CollectorsDown}). Thread-safe.
 */
public final class DaemonMetrics implements RunnerListener {
  private volatile LongSupplier denials = () -> 0;
  private volatile StateWrites writes = new StateWrites();
  // The registry holds what its function meters read weakly: this object holds it strongly.
  private volatile ReceiverStatus receivers;
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Scrapes scrapes;
  private final Counter rounds;
  private final Timer ticks;
  private final Timer polls;
  private final CollectorMetrics collectors;
  private volatile DaemonView view;

  /**
   * Metrics of a daemon whose state is {@code initial} until the runner publishes a view; what the
   * gauges read besides the meters is read again on every scrape.
   */
  public DaemonMetrics(MaintdState initial) {
    this(initial, Duration.ZERO);
  }

  /**
   * Metrics of a daemon whose state is {@code initial} until the runner publishes a view; what the
   * gauges read besides the meters (health, leadership, the interlock, the store's counts) is read
   * again at most once per {@code recheck}, however many scrapes come in between.
   */
  public DaemonMetrics(MaintdState initial, Duration recheck) {
    this(initial, recheck, Clock.systemUTC());
  }

  /** The same, the age of holds told by {@code clock}, the daemon's. */
  public DaemonMetrics(MaintdState initial, Duration recheck, Clock clock) {
    scrapes = new Scrapes(registry::scrape, recheck, System::nanoTime);
    Supplier<MaintdState> state = () -> view == null ? initial : view.state();
    rounds =
        Counter.builder("maintd.rounds")
            .description("Rounds started (jobs submitted)")
            .register(registry);
    ticks =
        Timer.builder("maintd.tick")
            .description("Duration of one tick: jobs checked, snapshot, poll, plan")
            .register(registry);
    polls =
        Timer.builder("maintd.poll")
            .description("Duration of one poll of every collector")
            .register(registry);
    collectors = new CollectorMetrics(registry);
    RepairGauges.register(registry, state);
    PlanGauges.register(
        registry,
        () -> Optional.ofNullable(view).map(DaemonView::plan),
        state,
        () -> view == null ? "" : view.storm());
    WorkGauges.register(registry, scrapes, state, clock);
    FreshnessGauges.register(
        registry, () -> view == null ? Map.of() : view.readings(), () -> state.get().campaigns());
    CollectorsDown.register(registry, () -> Optional.ofNullable(view));
  }

  /**
   * {@code maintd_alert_interlock_up}: 1 when Prometheus answered the alert interlock's last query;
   * {@code maintd_alerts_blocking}: how many of its alerts hold planned work.
   */
  public void watchAlerts(Supplier<InterlockStatus> source) {
    Supplier<InterlockStatus> interlock = scrapes.input(source);
    Gauge.builder("maintd.alert.interlock.up", () -> interlock.get().answered() ? 1 : 0)
        .description("1 when Prometheus answered the alert interlock's last query")
        .register(registry);
    Gauge.builder("maintd.alerts.blocking", () -> interlock.get().holding())
        .description("How many active alerts hold planned work (as the interlock's filter counts)")
        .register(registry);
  }

  /**
   * The meters of the notifications' {@code receivers}, read from {@code status} ({@link
   * NotifyMeters}).
   */
  public void watchReceivers(List<String> receivers, ReceiverStatus status) {
    this.receivers = status;
    NotifyMeters.register(registry, receivers, status);
  }

  /**
   * {@code maintd_fault{fault}}: 1 while the daemon sees the fault, for every kind it names; {@code
   * maintd_faults_total{fault}}: how many times each has begun.
   */
  public void watchFaults(Faults faults) {
    Supplier<List<FaultKind>> lasting =
        scrapes.input(() -> faults.active().stream().map(Fault::kind).toList());
    for (FaultKind kind : FaultKind.values()) {
      Gauge.builder("maintd.fault", () -> lasting.get().contains(kind) ? 1 : 0)
          .tag("fault", kind.name())
          .description("1 while the daemon sees this fault; /1/health's faults say what it saw")
          .register(registry);
      FunctionCounter.builder("maintd.faults", faults, f -> f.begun(kind))
          .tag("fault", kind.name())
          .description("Times the fault began")
          .register(registry);
    }
  }

  /**
   * {@code maintd_failed}: 1 once a part of the daemon has failed and it stopped acting; {@code
   * maintd_store_unreadable}: 1 while the stored state cannot be read ({@code /1/health} says why);
   * {@code maintd_store_access_denied}: 1 while the store refuses maintd access to it; read from
   * {@code source}, the daemon's state as {@code /1/health} names it ({@code RUNNING}, ...).
   */
  public void watch(Supplier<String> source) {
    Supplier<String> state = scrapes.input(source);
    Gauge.builder("maintd.failed", () -> "FAILED".equals(state.get()) ? 1 : 0)
        .description(
            "1 once a part of the daemon has failed: it stopped acting and exits soon; /1/health says why")
        .register(registry);
    Gauge.builder("maintd.store.unreadable", () -> "STATE_UNREADABLE".equals(state.get()) ? 1 : 0)
        .description(
            "1 while the stored state cannot be read: nothing is submitted; /1/health says why")
        .register(registry);
    Gauge.builder("maintd.store.access.denied", () -> "ACCESS_DENIED".equals(state.get()) ? 1 : 0)
        .description(
            "1 while the store refuses maintd access to its state (a znode's ACL or maintd's"
                + " credentials changed): nothing is submitted; /1/health names the znode")
        .register(registry);
  }

  /**
   * {@code maintd_store_access_denials_total}: how many times the store refused maintd access to
   * its state, as {@code denials} counts them.
   */
  public void countDenials(LongSupplier denials) {
    // The registry holds what a function counter reads weakly: this object holds it strongly.
    Supplier<Long> counted = scrapes.input(denials::getAsLong);
    this.denials = counted::get;
    FunctionCounter.builder("maintd.store.access.denials", this, m -> m.denials.getAsLong())
        .description("How many times the store refused maintd access to its state")
        .register(registry);
  }

  /**
   * {@code maintd_state_writes_total} and {@code maintd_state_written_bytes_total}: the state's
   * writes and their bytes, as the store stored them; {@code maintd_state_bytes}: the size of the
   * last write, the whole state as stored. A tick that changes nothing writes nothing.
   */
  public void countStateWrites(StateWrites writes) {
    // The registry holds what a function counter reads weakly: this object holds it strongly.
    this.writes = writes;
    Supplier<Long> count = scrapes.input(writes::count);
    FunctionCounter.builder("maintd.state.writes", count, c -> c.get())
        .description("Writes of the state to its store")
        .register(registry);
    FunctionCounter.builder("maintd.state.written.bytes", writes, w -> w.bytes())
        .description(
            "Bytes of the state written to its store (file, or ZooKeeper's header and chunks)")
        .baseUnit("bytes")
        .register(registry);
    Gauge.builder("maintd.state.bytes", writes, w -> w.last())
        .description("Size of the state as last written (0 before the first write)")
        .baseUnit("bytes")
        .register(registry);
  }

  /**
   * {@code maintd_leader} (1 while this daemon leads and runs), {@code maintd_leader_epoch}, {@code
   * maintd_zookeeper_connected} (with ZooKeeper), {@code maintd_seconds_since_leader_known} and, on
   * a standby, {@code maintd_state_age_seconds}.
   */
  public void watchLeadership(Supplier<HaStatus> source, boolean zookeeper) {
    Supplier<HaStatus> ha = scrapes.input(source);
    Gauge.builder("maintd.leader", () -> ha.get().leader() ? 1 : 0)
        .description("1 while this daemon leads and runs the rounds")
        .register(registry);
    Gauge.builder("maintd.leader.epoch", () -> ha.get().epoch())
        .description("The highest leader epoch this daemon has seen (it never goes back)")
        .register(registry);
    Gauge.builder("maintd.seconds.since.leader.known", () -> ha.get().secondsSinceLeaderKnown())
        .description("Seconds since a leader was last known (0 while one is)")
        .register(registry);
    Gauge.builder(
            "maintd.state.age.seconds",
            () -> {
              Double age = ha.get().stateAgeSeconds();
              return age == null ? Double.NaN : age;
            })
        .description("On a standby: seconds since it last read the state the leader stored")
        .register(registry);
    if (zookeeper) {
      Gauge.builder(
              "maintd.zookeeper.connected",
              () -> Boolean.TRUE.equals(ha.get().zookeeperConnected()) ? 1 : 0)
          .description("1 while the ZooKeeper connection is up (0: suspended or lost)")
          .register(registry);
    }
  }

  /**
   * Records a step: the jobs it closed (by owner, first operation's kind and result), a round
   * started.
   */
  @Override
  public void stepped(StepResult result, DaemonView published) {
    view = published;
    for (FinishedJob f : result.finished()) {
      registry
          .counter("maintd.jobs", "owner", f.owner(), "kind", f.kind(), "result", f.result())
          .increment();
    }
    if (result.roundStarted()) {
      rounds.increment();
    }
    scrapes.recorded();
  }

  @Override
  public void ticked(Duration took) {
    ticks.record(took);
    scrapes.recorded();
  }

  /** How long a tick has taken on average so far; zero before the first. */
  public Duration meanTick() {
    return Duration.ofNanos((long) ticks.mean(java.util.concurrent.TimeUnit.NANOSECONDS));
  }

  /** Records one poll: its duration, collector health, and each rejected report's reason. */
  @Override
  public void polled(Duration took, Map<String, CollectorReading> readings) {
    polls.record(took);
    collectors.polled(readings);
    scrapes.recorded();
  }

  /**
   * The metrics in Prometheus' text format: the same text (the same object) as the last scrape's
   * while nothing they show has changed.
   */
  public String scrape() {
    return scrapes.scrape();
  }
}
